import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/admin/grant-self`: whitelisted e-mails get the admin role (SPEC §6). */
export async function grantSelfAdmin(): Promise<{ ok: true; message: string }> {
  return api.post('/admin/grant-self', undefined, { toast: false });
}

export function useGrantSelfAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantSelfAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
