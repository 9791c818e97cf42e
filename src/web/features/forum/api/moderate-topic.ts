import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topicDetailSchema, type ForumCategoryId, type TopicDetail } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** An admin's action on a topic: pin, lock, move to another category, or delete. */
export type TopicAdminAction =
  { type: 'pin'; pinned: boolean } | { type: 'lock'; locked: boolean } | { type: 'move'; categoryId: ForumCategoryId } | { type: 'delete' };

/** Admins only: `PUT …/pin`, `PUT …/lock`, `PUT …/category`, `DELETE /api/forum/topics/:id`. */
export async function moderateTopic(topicId: string, action: TopicAdminAction): Promise<TopicDetail | undefined> {
  switch (action.type) {
    case 'pin':
      return api.put(forumEndpoints.pin(topicId), { pinned: action.pinned }, { schema: topicDetailSchema });
    case 'lock':
      return api.put(forumEndpoints.lock(topicId), { locked: action.locked }, { schema: topicDetailSchema });
    case 'move':
      return api.put(forumEndpoints.move(topicId), { categoryId: action.categoryId }, { schema: topicDetailSchema });
    case 'delete':
      await api.delete(forumEndpoints.topic(topicId));
      return undefined;
  }
}

export function useModerateTopic(topicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TopicAdminAction) => moderateTopic(topicId, action),
    onSuccess: (_result, action) => {
      if (action.type === 'delete') client.removeQueries({ queryKey: forumKeys.topicDetails() });
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

/** Admins only: `DELETE /api/forum/topics/:id/replies/:replyId`. */
export async function deleteReply(topicId: string, replyId: string): Promise<void> {
  await api.delete(forumEndpoints.reply(topicId, replyId));
}

export function useDeleteReply(topicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => deleteReply(topicId, replyId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
