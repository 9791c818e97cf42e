import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `DELETE /api/categories/:id` (admin): 409 while a podcast or material still uses it. */
export async function deleteCategory(id: string): Promise<void> {
  await api.delete(`/categories/${encodeURIComponent(id)}`, { toast: false });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidate('categories') });
}
