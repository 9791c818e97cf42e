import type { RouteHandle } from './app-layout';

/**
 * A page's document title from its matched routes (deepest first): "<route title> | Trackside",
 * or "Trackside" where no route names one. The layout sets it in the browser; the build writes
 * it into the pages it renders ahead.
 */
export function documentTitle(routes: readonly { handle?: unknown }[]): string {
  const title = [...routes]
    .reverse()
    .map((route) => (route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return title ? `${title} | Trackside` : 'Trackside';
}
