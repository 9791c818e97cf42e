import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { documentTitle } from './document-title';
import { AskAiButton } from '../features/ask-ai/components/ask-ai-button';
import { MAIN_CONTENT_ID, MainContent } from '../components/layout/main-content';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { usePageMeta } from '../components/layout/use-page-meta';

/** Route `handle` data read by the layout. */
export interface RouteHandle {
  title?: string;
  /**
   * The page brings its own header, main landmark (MainContent) and footer, so the layout leaves
   * out the site's navigation bar and footer: the investor flyer (SPEC §2 /flyer).
   */
  standalone?: boolean;
}

function useIsStandalone(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.standalone === true);
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

/** The shell of every page: skip link, navigation bar, main landmark, footer (a standalone page brings its own). */
export function AppLayout() {
  useDocumentTitle();
  usePageMeta();
  const isStandalone = useIsStandalone();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4 framed:hidden"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {isStandalone ? (
        <Outlet />
      ) : (
        <>
          <SiteHeader actions={<AskAiButton />} />
          {/* At least a screen high under the header: the footer starts below the fold, so it does
              not jump when a page that renders in the browser replaces its loading state. */}
          <MainContent className="min-h-[calc(100dvh-4rem)]">
            <Outlet />
          </MainContent>
          <SiteFooter />
        </>
      )}
      <ScrollRestoration />
    </div>
  );
}
