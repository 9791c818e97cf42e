import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replySchema, type CreateReplyInput, type Reply } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `POST /api/forum/topics/:id/replies`: the new reply, `status: 'held'` when the moderator held it. */
export async function createReply(topicId: string, input: CreateReplyInput): Promise<Reply> {
  return api.post(forumEndpoints.replies(topicId), input, { schema: replySchema });
}

export function useCreateReply(topicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReplyInput) => createReply(topicId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
