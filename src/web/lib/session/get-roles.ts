import { useQuery } from '@tanstack/react-query';
import type { Roles } from '../../../shared/schemas/profile';
import { api } from '../api-client';
import { useSession } from './use-session';

/**
 * `GET /api/roles/me`; no toast, because a failure simply counts as "not admin" (SPEC §6).
 * Only a literal `true` grants anything, so no schema (and no zod in the entry chunk).
 */
export async function getRoles(): Promise<Roles> {
  const raw = await api.get<Partial<Roles> | null>('/roles/me', { toast: false });
  return { admin: raw?.admin === true, whitelisted: raw?.whitelisted === true };
}

/** The signed-in user's roles; disabled while signed out. */
export function useRoles() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['roles', 'me', user?.id],
    queryFn: getRoles,
    enabled: Boolean(user),
    retry: false,
    staleTime: 60_000,
  });
}

/** True only when the server said so; loading and failures count as false. */
export function useIsAdmin(): boolean {
  const roles = useRoles();
  return roles.data?.admin === true;
}
