/**
 * Renders a public page to HTML at build time (scripts/build-web.ts). The browser hydrates it
 * (main.tsx), so the page paints before the scripts arrive. Components render what a
 * signed-out visitor sees before any effect runs.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteMatch } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import type { RouteHandle } from './components/layout/app-layout';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's title, from the deepest route that names one. */
  title: string | undefined;
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
  return { html, title: deepestTitle(context.matches) };
}

function deepestTitle(matches: readonly Pick<RouteMatch, 'route'>[]): string | undefined {
  return [...matches].reverse().map((m) => (m.route.handle as RouteHandle | undefined)?.title).find(Boolean);
}

/** The title a path's route names, without rendering it (signed-in-only pages are not rendered ahead). */
export function routeTitle(pathname: string): string | undefined {
  return deepestTitle(matchRoutes(routes, pathname) ?? []);
}

export { PRERENDERED_PATHS, SIGNED_IN_ONLY_PATHS, pageMetaFor } from './app/page-meta';
