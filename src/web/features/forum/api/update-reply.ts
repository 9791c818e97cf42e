import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replySchema, type Reply, type UpdateReplyInput } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `PATCH /api/forum/topics/:id/replies/:replyId`: the author's edit within 15 minutes. */
export async function updateReply(topicId: string, replyId: string, input: UpdateReplyInput): Promise<Reply> {
  return api.patch(forumEndpoints.reply(topicId, replyId), input, { schema: replySchema });
}

export function useUpdateReply(topicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, input }: { replyId: string; input: UpdateReplyInput }) => updateReply(topicId, replyId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.replyLists() });
    },
  });
}
