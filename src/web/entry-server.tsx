/**
 * Renders pages to HTML: the public pages at build time (scripts/build-web.ts), and pages that
 * read data per request with the answers of those reads (src/server/plugins/live-pages.ts). The
 * browser hydrates them (main.tsx), so the page paints before the scripts arrive. Components
 * render what a signed-out visitor sees before any effect runs.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { LivePageRenderer, PageQueryData } from '../shared/live-page';
import { documentTitle } from './app/document-title';
import { seedQueries } from './app/page-data';
import { pageMetaFor, readsFor, renderedSearchOf } from './app/page-meta';
import { fillTemplate, type PageDocument } from './app/page-document';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document title (documentTitle). */
  title: string;
}

/** Renders the page at `url` (a path, and a query where the page reads it), with `data` in the query cache. */
export async function renderPage(url: string, data: readonly PageQueryData[] = []): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}); only pages can be rendered ahead`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: documentTitle(context.matches.map((match) => match.route)) };
}

/** The document of a rendered page: its markup and title, with its description, robots rule and reads from page-meta. */
export function pageDocumentOf(pathname: string, page: RenderedPage): PageDocument {
  const meta = pageMetaFor(pathname);
  return { ...page, description: meta.description, noindex: meta.noindex ?? false, preload: readsFor(meta).map((read) => read.path) };
}

/**
 * Pages that read data (page-meta's `reads`), rendered per request with their answers, which
 * the document carries for the browser's query cache.
 */
export const livePageRenderer: LivePageRenderer = {
  readsOf: (pathname, search) => readsFor(pageMetaFor(pathname), search),
  renderedSearch: (pathname, search) => renderedSearchOf(pageMetaFor(pathname), search),
  async render(template, url, data) {
    const { pathname } = new URL(url, 'http://localhost');
    // The page carries its reads' answers: nothing to preload.
    return fillTemplate(template, { ...pageDocumentOf(pathname, await renderPage(url, data)), preload: [], data });
  },
};

/** A path's document title, without rendering it (signed-in-only pages are not rendered ahead). */
export function pageTitle(pathname: string): string {
  return documentTitle((matchRoutes(routes, pathname) ?? []).map((match) => match.route));
}

export { fillTemplate } from './app/page-document';
export { PRERENDERED_PATHS, SIGNED_IN_ONLY_PATHS, pageMetaFor } from './app/page-meta';
