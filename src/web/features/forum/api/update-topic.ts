import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topicDetailSchema, type TopicDetail, type UpdateTopicInput } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `PATCH /api/forum/topics/:id`: the author's edit within 15 minutes (moderated again). */
export async function updateTopic(id: string, input: UpdateTopicInput): Promise<TopicDetail> {
  return api.patch(forumEndpoints.topic(id), input, { schema: topicDetailSchema });
}

export function useUpdateTopic(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTopicInput) => updateTopic(id, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
