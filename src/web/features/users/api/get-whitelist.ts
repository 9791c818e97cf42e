import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { whitelistEntrySchema, type WhitelistEntry } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { userAdminKeys } from './keys';

export const whitelistSchema = z.array(whitelistEntrySchema);

/** `GET /api/admin/whitelist`: the e-mails that may grant themselves the admin role, by e-mail. */
export async function getWhitelist(): Promise<WhitelistEntry[]> {
  return api.get('/admin/whitelist', { schema: whitelistSchema, toast: false });
}

export function useWhitelist() {
  return useQuery({ queryKey: userAdminKeys.whitelist, queryFn: getWhitelist });
}
