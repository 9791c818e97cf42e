/**
 * What the server and the server-side build of the web app (src/web/entry-server.tsx) agree on
 * to render a page that reads data per request (src/server/plugins/live-pages.ts).
 */

/** An API read a page makes as it loads, and the query it fills. */
export interface PageRead {
  path: string;
  queryKey: readonly unknown[];
}

/** A query result a page was rendered with; the browser puts it in its query cache before hydrating. */
export interface PageQueryData {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface LivePageRenderer {
  /**
   * The reads of the page at `pathname`, for the address's query `search` ('' or '?…') where the
   * page's content depends on it; none for pages rendered at build time only.
   */
  readsOf(pathname: string, search?: string): readonly PageRead[];
  /**
   * The part of `search` that the page's first render depends on, always in the same form ('' for
   * none, and where this is absent): the page is rendered, and cached, per path and this.
   */
  renderedSearch?(pathname: string, search: string): string;
  /** The whole document for the page at `url` (its path, and renderedSearch's query), rendered from `template` (the built index.html) with `data`. */
  render(template: string, url: string, data: readonly PageQueryData[]): Promise<string>;
}
