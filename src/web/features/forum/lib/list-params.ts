import { FORUM_CATEGORY_IDS, FORUM_SORTS, FORUM_TABS, type ForumCategoryId, type ForumSort, type ForumTab } from '../../../../shared/schemas/forum';

/** The topic list's state as kept in the address (`?q=&category=&tag=&tab=&sort=&page=`). */
export interface ForumListParams {
  q: string;
  category: ForumCategoryId | '';
  tag: string;
  tab: ForumTab;
  sort: ForumSort;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

/** Reads the list state from the address; unknown values fall back to the defaults. */
export function readListParams(params: URLSearchParams): ForumListParams {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: params.get('q') ?? '',
    category: oneOf<ForumCategoryId | ''>(FORUM_CATEGORY_IDS, params.get('category'), ''),
    tag: params.get('tag') ?? '',
    tab: oneOf(FORUM_TABS, params.get('tab'), 'all'),
    sort: oneOf(FORUM_SORTS, params.get('sort'), 'recent'),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

const DEFAULTS: Record<keyof ForumListParams, string> = { q: '', category: '', tag: '', tab: 'all', sort: 'recent', page: '1' };

/** The address with `changes` applied; defaults are left out, and any filter change goes back to page 1. */
export function writeListParams(previous: URLSearchParams, changes: Partial<ForumListParams>): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes) as [keyof ForumListParams, string | number][]) {
    const text = String(value).trim();
    if (text === '' || text === DEFAULTS[key]) next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
