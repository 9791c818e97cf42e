import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The id the skip link ("Skip to content") jumps to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page's main landmark, the skip link's target: the app frame puts it between the site's
 * navigation bar and footer; a page that brings its own header and footer (the investor flyer)
 * puts it between those.
 */
export function MainContent({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('flex-1 outline-none', className)}>
      {children}
    </main>
  );
}
