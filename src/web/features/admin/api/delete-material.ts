import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `DELETE /api/knowledge/materials/:id` (admin). */
export async function deleteMaterial(id: string): Promise<void> {
  await api.delete(`/knowledge/materials/${encodeURIComponent(id)}`, { toast: false });
}

export function useDeleteMaterial() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: deleteMaterial, onSuccess: () => invalidate('materials') });
}
