import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageMetaFor } from '../../app/page-meta';

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
 * Keeps the description and robots tags right as the visitor moves between pages; pages
 * rendered at build time already carry their own (scripts/build-web.ts).
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = pageMetaFor(pathname);
    metaTag('description').content = meta.description;
    if (meta.noindex) metaTag('robots').content = 'noindex';
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [pathname]);
}
