import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateUserAdmin } from './keys';

/** `DELETE /api/auth/admin/users/:id` of a pending invitation: the account and its link are removed. */
export async function revokeInvitation(id: string): Promise<void> {
  await api.delete(`/auth/admin/users/${encodeURIComponent(id)}`, { toast: false });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => invalidate() });
}
