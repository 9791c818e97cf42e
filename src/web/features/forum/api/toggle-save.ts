import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveResponseSchema, type SaveResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { patchCachedPost, restoreSnapshot, type CacheSnapshot } from './cache';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `PUT` (save) or `DELETE` (unsave) `/api/forum/topics/:id/save`. */
export async function setSaved(topicId: string, saved: boolean): Promise<SaveResponse> {
  const path = forumEndpoints.save(topicId);
  return saved ? api.put(path, undefined, { schema: saveResponseSchema }) : api.delete(path, { schema: saveResponseSchema });
}

/** Save or unsave a topic at once on screen; the saved list and the profile card follow. */
export function useToggleSave() {
  const client = useQueryClient();
  return useMutation<SaveResponse, Error, { topicId: string; saved: boolean }, CacheSnapshot>({
    mutationFn: ({ topicId, saved }) => setSaved(topicId, saved),
    onMutate: async ({ topicId, saved }) => {
      await client.cancelQueries({ queryKey: forumKeys.all });
      return patchCachedPost(client, { kind: 'topic', id: topicId, topicId }, () => ({ savedByMe: saved }));
    },
    onError: (_error, _variables, snapshot) => restoreSnapshot(client, snapshot),
    onSuccess: (result, { topicId }) => {
      patchCachedPost(client, { kind: 'topic', id: topicId, topicId }, () => ({ savedByMe: result.savedByMe }));
      void client.invalidateQueries({ queryKey: ['forum', 'saved'] });
      void client.invalidateQueries({ queryKey: ['forum', 'stats'] });
    },
  });
}
