import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { documentTitle } from './document-title';
import { AskAiButton } from '../features/ask-ai/components/ask-ai-button';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { usePageMeta } from '../components/layout/use-page-meta';

/** Route `handle` data read by the layout. */
export interface RouteHandle {
  title?: string;
}

function useDocumentTitle() {
  const title = documentTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A thin bar while the next page's chunk loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 bg-primary motion-safe:animate-pulse" />
    </div>
  );
}

/** The shell of every page: skip link, navigation bar, main landmark, footer. */
export function AppLayout() {
  useDocumentTitle();
  usePageMeta();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 framed:hidden rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <SiteHeader actions={<AskAiButton />} />
      {/* At least a screen high under the header: the footer starts below the fold, so it does
          not jump when a page that renders in the browser replaces its loading state. */}
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
