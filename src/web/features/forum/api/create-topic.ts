import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topicDetailSchema, type CreateTopicInput, type TopicDetail } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `POST /api/forum/topics`: the new topic, `status: 'held'` when the moderator held it. */
export async function createTopic(input: CreateTopicInput): Promise<TopicDetail> {
  return api.post(forumEndpoints.topics, input, { schema: topicDetailSchema });
}

export function useCreateTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
