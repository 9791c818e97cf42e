import { useMutation } from '@tanstack/react-query';
import { podcastSchema, type Podcast, type PodcastInput } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `POST /api/podcasts` (admin). The caller shows the outcome ('Podcast Added' or the error). */
export async function createPodcast(input: PodcastInput): Promise<Podcast> {
  return api.post('/podcasts', input, { schema: podcastSchema, toast: false });
}

export function useCreatePodcast() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: createPodcast, onSuccess: () => invalidate('podcasts') });
}
