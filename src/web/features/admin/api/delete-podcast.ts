import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `DELETE /api/podcasts/:id` (admin); the server also removes its files nothing else uses. */
export async function deletePodcast(id: string): Promise<void> {
  await api.delete(`/podcasts/${encodeURIComponent(id)}`, { toast: false });
}

export function useDeletePodcast() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: deletePodcast, onSuccess: () => invalidate('podcasts') });
}
