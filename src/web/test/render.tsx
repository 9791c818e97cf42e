import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { requestToaster } from '../lib/toaster-signal';

// The app's build mounts the Toaster once sonner loads (vite.config.ts sends every import of
// sonner through lib/sonner.ts); tests import sonner itself, so it is there from the start.
requestToaster();

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

/** A query client that never retries, so failures show at once in tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders routes in a memory router inside the app's providers (with `queryClient`'s cache, when given). */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; hash?: string; search?: string; state?: unknown },
  queryClient: QueryClient = testQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
