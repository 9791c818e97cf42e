import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateUserAdmin } from './keys';

/** `DELETE /api/auth/admin/users/:id`: a pending invitation is revoked, an account in use erased with its data. */
export async function revokeInvitation(id: string): Promise<void> {
  await api.delete(`/auth/admin/users/${encodeURIComponent(id)}`, { toast: false });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateUserAdmin();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => invalidate() });
}
