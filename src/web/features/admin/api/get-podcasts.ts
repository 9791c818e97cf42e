import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { podcastSchema, type Podcast } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { adminContentKeys } from './content-keys';

/** `GET /api/podcasts`: every podcast with its category, newest publish date first. */
export async function getPodcasts(): Promise<Podcast[]> {
  return api.get('/podcasts', { schema: z.array(podcastSchema), toast: false });
}

/** The Podcasts tab's list; a failure toasts 'Failed to load podcasts'. */
export function usePodcasts() {
  const query = useQuery({ queryKey: adminContentKeys.podcasts, queryFn: getPodcasts });
  useLoadErrorToast(query.isError, messages.adminData.loadPodcastsFailed);
  return query;
}
