import type { QueryClient } from '@tanstack/react-query';
import type { PageQueryData } from '../../shared/live-page';

/*
 * A page the server rendered with data (src/server/plugins/live-pages.ts) carries the query
 * results it was rendered with. The browser puts them in its query cache before hydrating, so
 * that it renders what the HTML shows without reading them again.
 */

/** The id of the JSON script element that carries them. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The JSON script element for `entries`. `<` is escaped so that no value (a podcast title, say)
 * can close the element or open a comment.
 */
export function pageDataScript(entries: readonly PageQueryData[]): string {
  const json = JSON.stringify(entries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** Puts query results into `client`, as the page was rendered with them. */
export function seedQueries(client: QueryClient, entries: readonly PageQueryData[]): void {
  for (const { queryKey, data } of entries) client.setQueryData(queryKey, data);
}

/**
 * Puts the page's query results, when it carries any, into `client`. Unreadable data is left
 * out: the page then reads it as it would without.
 */
export function seedQueryCache(client: QueryClient, doc: Document): void {
  // By type as well as id: an element of the page's content could carry the id too.
  const element = doc.querySelector(`script[type="application/json"]#${PAGE_DATA_ELEMENT_ID}`);
  if (!element?.textContent) return;
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return;
  }
  if (Array.isArray(entries)) seedQueries(client, entries as PageQueryData[]);
}
