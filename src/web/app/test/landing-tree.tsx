import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AskAiButton } from '../../features/ask-ai/components/ask-ai-button';
import { SessionContext, type SessionContextValue } from '../../lib/session/use-session';
import { SiteFooter } from '../../components/layout/site-footer';
import { HomePage } from '../../pages/home';

const loadingSession: SessionContextValue = { status: 'loading', session: null, user: null, lastEvent: null };

/**
 * The landing page as the build-time renderer and the first client render see it: session
 * still loading, configuration not yet fetched.
 */
export function landingTree() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <main>
            <HomePage />
          </main>
          <SiteFooter />
          <AskAiButton />
        </>
      ),
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={loadingSession}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}
