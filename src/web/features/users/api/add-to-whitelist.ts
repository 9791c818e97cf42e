import { useMutation } from '@tanstack/react-query';
import type { WhitelistAddInput, WhitelistEntry } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { whitelistSchema } from './get-whitelist';
import { useInvalidateUserAdmin } from './keys';

/** `POST /api/admin/whitelist`: answers the whole whitelist. */
export async function addToWhitelist(input: WhitelistAddInput): Promise<WhitelistEntry[]> {
  return api.post('/admin/whitelist', input, { schema: whitelistSchema, toast: false });
}

export function useAddToWhitelist() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: addToWhitelist, onSuccess: () => invalidate() });
}
