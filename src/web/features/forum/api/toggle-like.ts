import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeResponseSchema, type LikeResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { patchCachedPost, restoreSnapshot, type CacheSnapshot } from './cache';
import { forumEndpoints, type PostTarget } from './endpoints';
import { forumKeys } from './keys';

/** `POST` (like) or `DELETE` (unlike) `…/like`; both idempotent. */
export async function setLike(target: PostTarget, liked: boolean): Promise<LikeResponse> {
  const path = forumEndpoints.like(target);
  return liked ? api.post(path, undefined, { schema: likeResponseSchema }) : api.delete(path, { schema: likeResponseSchema });
}

export interface LikeVariables {
  target: PostTarget;
  liked: boolean;
}

/** Like or unlike at once on screen; the server's count replaces it, a failure puts it back. */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation<LikeResponse, Error, LikeVariables, CacheSnapshot>({
    mutationFn: ({ target, liked }) => setLike(target, liked),
    onMutate: async ({ target, liked }) => {
      await client.cancelQueries({ queryKey: forumKeys.all });
      return patchCachedPost(client, target, (post) => ({
        likedByMe: liked,
        likes: Math.max(0, (post.likes ?? 0) + (liked === post.likedByMe ? 0 : liked ? 1 : -1)),
      }));
    },
    onError: (_error, _variables, snapshot) => restoreSnapshot(client, snapshot),
    onSuccess: (result, { target }) => {
      patchCachedPost(client, target, () => ({ likes: result.likes, likedByMe: result.likedByMe }));
    },
  });
}
