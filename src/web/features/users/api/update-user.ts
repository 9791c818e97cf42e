import { useMutation } from '@tanstack/react-query';
import { adminUserSchema, type AdminUpdateUserInput, type AdminUser } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { useInvalidateUserAdmin } from './keys';

/** `PUT /api/auth/admin/users/:id`: disable or enable (`ban_duration`), grant or revoke admin (`app_metadata.roles`). */
export async function updateUser({ id, changes }: { id: string; changes: AdminUpdateUserInput }): Promise<AdminUser> {
  return api.put(`/auth/admin/users/${encodeURIComponent(id)}`, changes, { schema: adminUserSchema, toast: false });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: updateUser, onSettled: () => invalidate() });
}
