import { useQueryClient } from '@tanstack/react-query';

/** The admin dashboard's own caches of the content API. */
export const adminContentKeys = {
  podcasts: ['admin', 'podcasts'] as const,
  categories: ['admin', 'categories'] as const,
  materials: ['admin', 'knowledge', 'materials'] as const,
  tags: ['admin', 'knowledge', 'tags'] as const,
};

export type ContentResource = keyof typeof adminContentKeys;

/**
 * The public pages' caches that show the same rows, by key prefix (the podcast library keeps
 * `['podcasts', …]` and `['categories', …]`, the knowledge hub `['knowledge', …]`).
 */
const publicPrefixes: Record<ContentResource, readonly (readonly string[])[]> = {
  podcasts: [['podcasts']],
  categories: [['categories'], ['podcasts'], ['knowledge']],
  materials: [['knowledge']],
  tags: [['knowledge']],
};

/**
 * After a write: refetches the admin lists of `resources` and marks the public pages' copies
 * stale, so that the library and the hub show the change on their next visit.
 */
export function useInvalidateContent() {
  const queryClient = useQueryClient();
  return (...resources: ContentResource[]) =>
    Promise.all(
      resources.flatMap((resource) => [
        queryClient.invalidateQueries({ queryKey: adminContentKeys[resource] }),
        ...publicPrefixes[resource].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
      ]),
    );
}
