import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `DELETE /api/knowledge/tags/:id` (admin): the tag also comes off every material that had it. */
export async function deleteTag(id: string): Promise<void> {
  await api.delete(`/knowledge/tags/${encodeURIComponent(id)}`, { toast: false });
}

export function useDeleteTag() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => invalidate('tags', 'materials') });
}
