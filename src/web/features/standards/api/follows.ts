import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowedStandard, FollowList } from '../../../../shared/schemas/notices';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export type { FollowedStandard };

export const followKeys = {
  all: (userId: string | undefined) => ['follows', userId] as const,
};

/** `GET /api/follows`: the standards the signed-in user follows. */
export async function getFollows(): Promise<FollowList> {
  return api.get<FollowList>('/follows', { toast: false });
}

/** The signed-in user's followed standards; nothing is asked while signed out. */
export function useFollows() {
  const { user, status } = useSession();
  return useQuery({ queryKey: followKeys.all(user?.id), queryFn: getFollows, enabled: status === 'signed-in' && Boolean(user), retry: false });
}

/** `PUT /api/follows/:code` (follow) or `DELETE` (unfollow); the list is read again after. */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ code, follow }: { code: string; follow: boolean }) =>
      follow ? api.put<FollowedStandard>(`/follows/${encodeURIComponent(code)}`) : api.delete<null>(`/follows/${encodeURIComponent(code)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all(user?.id) }),
  });
}
