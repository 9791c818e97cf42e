import { useMutation } from '@tanstack/react-query';
import { podcastSchema, type Podcast, type PodcastInput } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

export interface UpdatePodcastInput {
  id: string;
  values: PodcastInput;
}

/** `PUT /api/podcasts/:id` (admin): replaces the fields; a left-out publish_date keeps the one it has. */
export async function updatePodcast({ id, values }: UpdatePodcastInput): Promise<Podcast> {
  return api.put(`/podcasts/${encodeURIComponent(id)}`, values, { schema: podcastSchema, toast: false });
}

export function useUpdatePodcast() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: updatePodcast, onSuccess: () => invalidate('podcasts') });
}
