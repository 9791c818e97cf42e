import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../app/paths';
import { adminUserSchema, type AdminUser } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { useInvalidateUserAdmin } from './keys';

/**
 * `POST /api/auth/invite`: the invitation link opens this site's invitation page (the server falls
 * back to PUBLIC_URL's when this origin is not allowed). Inviting a pending invitation resends it.
 */
export async function inviteUser(email: string): Promise<AdminUser> {
  return api.post(
    '/auth/invite',
    { email },
    { query: { redirect_to: `${window.location.origin}${paths.acceptInvite}` }, schema: adminUserSchema, toast: false },
  );
}

export function useInviteUser() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => invalidate() });
}
