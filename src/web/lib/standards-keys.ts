import type { PageRead } from '../../shared/live-page';

/*
 * The standards library's query keys, without the API client: page-meta.ts names the list's
 * read too, for the server's rendering of /standards.
 */

/** `['standards']` is also the prefix of every standards read, which an import invalidates. */
export const standardsKeys = {
  all: ['standards'] as const,
  detail: (code: string) => ['standards', code] as const,
  clause: (code: string, ref: string) => ['standards', code, 'clauses', ref] as const,
};

/** `GET /api/standards`, read as /standards loads. */
export const standardsListRead: PageRead = { path: '/api/standards', queryKey: standardsKeys.all };
