import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { revokeOthersResultSchema, sessionListSchema, type RevokeOthersResult, type SessionInfo } from '../../../../shared/schemas/sessions';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export const sessionKeys = {
  mine: (userId: string | undefined) => ['sessions', 'mine', userId] as const,
};

/** `GET /api/auth/sessions`: the signed-in user's live sessions, the current one first. */
export async function getSessions(): Promise<SessionInfo[]> {
  const { sessions } = await api.get('/auth/sessions', { schema: sessionListSchema, toast: false });
  return sessions;
}

/** `DELETE /api/auth/sessions/:id`: signs one of my sessions out (its tokens stop working at once). */
export async function revokeSession(id: string): Promise<void> {
  await api.delete(`/auth/sessions/${encodeURIComponent(id)}`, { toast: false });
}

/** `POST /api/auth/sessions/revoke-others`: signs out every session but this one. */
export async function revokeOtherSessions(): Promise<RevokeOthersResult> {
  return api.post('/auth/sessions/revoke-others', undefined, { schema: revokeOthersResultSchema, toast: false });
}

export function useSessions() {
  const { user } = useSession();
  return useQuery({ queryKey: sessionKeys.mine(user?.id), queryFn: getSessions, enabled: Boolean(user), retry: false });
}

/** Both sign-outs, each refreshing the list once it is done (or has failed). */
export function useRevokeSessions() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine(user?.id) });
  const one = useMutation({ mutationFn: revokeSession, onSettled });
  const others = useMutation({ mutationFn: revokeOtherSessions, onSettled });
  return { one, others };
}
