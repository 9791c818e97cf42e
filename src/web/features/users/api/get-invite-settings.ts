import { useQuery } from '@tanstack/react-query';
import { inviteSettingsSchema, type InviteSettings } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { userAdminKeys } from './keys';

/** `GET /api/auth/admin/invite-settings`: whether invitations are e-mailed or written to the server log, and for how many days a link works. */
export async function getInviteSettings(): Promise<InviteSettings> {
  return api.get('/auth/admin/invite-settings', { schema: inviteSettingsSchema, toast: false });
}

export function useInviteSettings() {
  return useQuery({ queryKey: userAdminKeys.settings, queryFn: getInviteSettings, staleTime: Infinity });
}
