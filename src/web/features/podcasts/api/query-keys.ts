/** The podcast library's query keys; page-meta.ts names them too, for the server's rendering of the page. */
export const podcastKeys = {
  list: ['podcasts', 'list'] as const,
  categories: ['categories', 'list'] as const,
};
