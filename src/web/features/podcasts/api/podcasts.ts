import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messages } from '../../../../shared/messages';
import type { Category, Podcast } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { podcastKeys } from './query-keys';

export { podcastKeys };

/*
 * The server answers these public reads through the shared response schemas (podcastSchema,
 * categorySchema). The page does not parse them a second time, so that zod (some 25 kB)
 * stays out of the scripts of this public page.
 */

/** `GET /api/podcasts`: newest first, each with its nested category. */
export async function getPodcasts(): Promise<Podcast[]> {
  return api.get<Podcast[]>('/podcasts', { toast: false });
}

/** `GET /api/categories`: ordered by name. */
export async function getCategories(): Promise<Category[]> {
  return api.get<Category[]>('/categories', { toast: false });
}

/** The podcast list; a failure shows SPEC §8 'Failed to fetch podcast data'. */
export function usePodcasts() {
  const query = useQuery({ queryKey: podcastKeys.list, queryFn: getPodcasts, staleTime: 60_000 });
  const { isError } = query;
  useEffect(() => {
    if (isError) toast.error(messages.toast.errorTitle, { description: messages.adminData.fetchPodcastsFailed });
  }, [isError]);
  return query;
}

export function useCategories() {
  return useQuery({ queryKey: podcastKeys.categories, queryFn: getCategories, staleTime: 5 * 60_000 });
}
