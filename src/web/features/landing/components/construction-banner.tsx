import { ConstructionIcon } from 'lucide-react';
import { CONSTRUCTION_BANNER } from '../lib/content';

/** SPEC §2: the fixed banner. Sticky within the page's main area: always in view there, and never over the footer. */
export function ConstructionBanner() {
  return (
    <div
      role="note"
      className="sticky bottom-0 z-30 flex items-center justify-center gap-2 bg-warning px-4 py-2.5 text-center text-sm font-medium text-warning-foreground shadow-md"
    >
      <ConstructionIcon className="size-4 shrink-0" aria-hidden />
      {CONSTRUCTION_BANNER}
    </div>
  );
}
