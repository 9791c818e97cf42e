import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '../components/layout/theme-provider';
import { useTheme } from '../components/layout/use-theme';
import { Toaster } from '../components/ui/sonner';
import { SessionProvider } from '../features/auth/components/session-provider';

/** One query client per app: data is fresh for 30 s and failed reads retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} />;
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
