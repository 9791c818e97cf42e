import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { categorySchema, podcastSchema, type Category, type Podcast } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';

export const podcastKeys = {
  list: ['podcasts', 'list'] as const,
  categories: ['categories', 'list'] as const,
};

/** `GET /api/podcasts`: newest first, each with its nested category. */
export async function getPodcasts(): Promise<Podcast[]> {
  return api.get('/podcasts', { schema: z.array(podcastSchema), toast: false });
}

/** `GET /api/categories`: ordered by name. */
export async function getCategories(): Promise<Category[]> {
  return api.get('/categories', { schema: z.array(categorySchema), toast: false });
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
