/**
 * Renders a public page to HTML at build time (scripts/build-web.ts). The browser hydrates it
 * (main.tsx), so the page paints before the scripts arrive. Components render what a
 * signed-out visitor sees before any effect runs.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { documentTitle } from './app/document-title';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document title (documentTitle). */
  title: string;
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects (${context.status}); only pages can be rendered ahead`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: documentTitle(context.matches.map((match) => match.route)) };
}

/** A path's document title, without rendering it (signed-in-only pages are not rendered ahead). */
export function pageTitle(pathname: string): string {
  return documentTitle((matchRoutes(routes, pathname) ?? []).map((match) => match.route));
}

export { PRERENDERED_PATHS, SIGNED_IN_ONLY_PATHS, pageMetaFor } from './app/page-meta';
