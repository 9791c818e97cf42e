import { useQuery } from '@tanstack/react-query';
import { activeMembersResponseSchema, type ActiveMember } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `GET /api/forum/members/active`: most posts in the last 30 days, at most 5. */
export async function getActiveMembers(signal?: AbortSignal): Promise<ActiveMember[]> {
  return api.get(forumEndpoints.activeMembers, { schema: activeMembersResponseSchema, signal, toast: false });
}

export function useActiveMembers(enabled = true) {
  return useQuery({
    queryKey: forumKeys.activeMembers(),
    queryFn: ({ signal }) => getActiveMembers(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
