import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from '../components/layout/theme-provider';
import { useTheme } from '../components/layout/use-theme';
import { SessionProvider } from '../lib/session/session-provider';
import { isToasterRequested, subscribeToaster } from '../lib/toaster-signal';

const Toaster = lazy(async () => ({ default: (await import('../components/ui/sonner')).Toaster }));

/** One query client per app: data is fresh for 30 s and failed reads retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The Toaster, mounted (and sonner loaded) once something on the page first toasts. */
function ThemedToaster() {
  const { theme } = useTheme();
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}

/** Everything the pages rely on: data cache, session, theme and toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <ThemeProvider>
          {children}
          <ThemedToaster />
        </ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
