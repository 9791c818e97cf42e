import type { PageRead } from '../../../../shared/live-page';
import { MATERIAL_KINDS, type MaterialKind } from '../../../../shared/constants';

/*
 * The hub's queries and the reads its page makes as it loads, without zod or the API client:
 * page-meta.ts names the reads too, for the server's rendering of the page.
 */

/** The filters of `GET /api/knowledge/materials`; empty values are left out of the query. */
export interface MaterialFilters {
  q?: string;
  category?: string;
  tag?: string;
  kind?: MaterialKind;
}

/** The filters without empty values, trimmed, in the order given: the query string and the query key's last part. */
export function cleanFilters(filters: MaterialFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters) as [keyof MaterialFilters, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) query[key] = trimmed;
  }
  return query;
}

/** The session's user id (null for a guest) is part of the keys, since guests get previews. */
export const knowledgeKeys = {
  materials: (viewer: string | null, query: Record<string, string>) => ['knowledge', 'materials', viewer, query] as const,
  material: (viewer: string | null, id: string | undefined) => ['knowledge', 'material', viewer, id] as const,
};

/** `GET /api/knowledge/materials` for a cleaned query, as the API client asks for it. */
export function materialsUrl(query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `/api/knowledge/materials${search ? `?${search}` : ''}`;
}

/** The hub's address parameters its content depends on. */
export const HUB_SEARCH_PARAMS = ['kind', 'category', 'tag', 'q'] as const;

export interface HubParams {
  kind: MaterialKind;
  category: string;
  tag: string;
  q: string;
}

/** The hub's filters from its address (`?kind=whitepaper&category=…&tag=…&q=…`); Articles unless told. */
export function hubParams(search: URLSearchParams): HubParams {
  const kindParam = search.get('kind');
  return {
    kind: MATERIAL_KINDS.find((kind) => kind === kindParam) ?? 'article',
    category: search.get('category') ?? '',
    tag: search.get('tag') ?? '',
    q: (search.get('q') ?? '').trim(),
  };
}

/** The hub's two lists: as filtered, and the whole kind (the side panel's counts). One when they are the same. */
export function hubQueries({ kind, category, tag, q }: HubParams): { list: Record<string, string>; all: Record<string, string> } {
  return { list: cleanFilters({ q, category, tag, kind }), all: cleanFilters({ kind }) };
}

/** What a guest's hub page reads as it loads, for the address's `search`. */
export function hubReads(search: URLSearchParams): PageRead[] {
  const { list, all } = hubQueries(hubParams(search));
  const reads = [{ path: materialsUrl(list), queryKey: knowledgeKeys.materials(null, list) }];
  const allUrl = materialsUrl(all);
  if (allUrl !== reads[0]?.path) reads.push({ path: allUrl, queryKey: knowledgeKeys.materials(null, all) });
  return reads;
}
