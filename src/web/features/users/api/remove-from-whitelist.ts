import { useMutation } from '@tanstack/react-query';
import type { WhitelistEntry } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { whitelistSchema } from './get-whitelist';
import { useInvalidateUserAdmin } from './keys';

/** `DELETE /api/admin/whitelist/:email`: answers the whole whitelist. */
export async function removeFromWhitelist(email: string): Promise<WhitelistEntry[]> {
  return api.delete(`/admin/whitelist/${encodeURIComponent(email)}`, { schema: whitelistSchema, toast: false });
}

export function useRemoveFromWhitelist() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: removeFromWhitelist, onSettled: () => invalidate() });
}
