// First: zod must know before any chunk loads it.
import './lib/zod-jitless';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { seedQueryCache } from './app/page-data';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { recordEarlyTaps } from './lib/early-taps';
import { releaseHeldSubmit } from './lib/held-submit';
import { applyTheme, initialTheme } from './lib/theme';
import { startWebVitals } from './lib/web-vitals';
import './styles.css';

// index.html's inline script does this before the first paint; this covers `vite dev`.
applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/**
 * A page rendered at build time must hydrate to the same markup, so the route modules it
 * matched are loaded first; otherwise the router would render its loading fallback.
 */
async function loadMatchedRoutes(routeList: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** Once the page is hydrated (its effects run after the whole tree commits), forms submit again. */
function ReleaseHeldSubmit() {
  useEffect(() => releaseHeldSubmit(), []);
  return null;
}

function app() {
  // A page the server rendered with data carries it; hydration renders from it, as the server did.
  const queryClient = createQueryClient();
  seedQueryCache(queryClient, document);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
        <ReleaseHeldSubmit />
      </AppProviders>
    </StrictMode>
  );
}

if (container.hasChildNodes()) {
  // The page is on screen already; a tap on the menu button counts even before it hydrates.
  recordEarlyTaps();
  // In a transition, hydration yields to the browser between slices of work instead of holding
  // the main thread for the whole page in one task.
  void loadMatchedRoutes(routes).then(() => startTransition(() => void hydrateRoot(container, app())));
} else {
  createRoot(container).render(app());
}

// Measuring starts once the page is idle; the library reads what happened before from the buffer.
if ('requestIdleCallback' in window) requestIdleCallback(() => void startWebVitals());
else setTimeout(() => void startWebVitals(), 2000);
