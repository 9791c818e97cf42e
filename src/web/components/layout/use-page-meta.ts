import { useEffect } from 'react';
import { useLocation } from 'react-router';

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  return tag;
}

/**
 * Whether the page the browser loaded was rendered at build time: it then carries its own
 * description and robots tags (scripts/build-web.ts writes og:description beside them).
 */
const loadedPrerendered = typeof document !== 'undefined' && document.head.querySelector('meta[property="og:description"]') !== null;
let isFirstPage = true;

/**
 * Keeps the description and robots tags right as the visitor moves between pages. The table
 * of descriptions loads with the first page that needs it, so not on a page rendered at
 * build time until the visitor moves on.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const firstPage = isFirstPage;
    isFirstPage = false;
    if (firstPage && loadedPrerendered) return;
    let cancelled = false;
    void import('../../app/page-meta').then(({ pageMetaFor }) => {
      if (cancelled) return;
      const meta = pageMetaFor(pathname);
      metaTag('description').content = meta.description;
      if (meta.noindex) metaTag('robots').content = 'noindex';
      else document.head.querySelector('meta[name="robots"]')?.remove();
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
