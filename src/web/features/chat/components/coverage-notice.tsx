import { SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { assistantMessages, partlyCoveredNotice } from '../../../../shared/assistant-messages';

const c = assistantMessages.coverage;

/**
 * The caution above an answer the library only partly covers, or that the assistant is not
 * confident of: said in words (and an icon), never by colour alone.
 */
export function CoverageCaution({ partly, uncovered, lowConfidence }: { partly: boolean; uncovered: readonly string[]; lowConfidence: boolean }) {
  const id = useId();
  return (
    <div
      role="note"
      aria-labelledby={id}
      className="flex gap-2 rounded-lg border border-amber-400/70 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <div id={id} className="grid min-w-0 gap-0.5 break-words">
        {partly ? <p className="font-medium">{partlyCoveredNotice(uncovered)}</p> : null}
        {lowConfidence ? <p className={partly ? undefined : 'font-medium'}>{c.lowConfidence}</p> : null}
      </div>
    </div>
  );
}

/** The heading of a reply that nothing in the library covers; `id` names the reply's note. */
export function NotCoveredLabel({ id }: { id: string }) {
  return (
    <p id={id} className="flex items-center gap-2 font-medium text-muted-foreground">
      <SearchXIcon className="size-4 shrink-0" aria-hidden />
      {c.notCoveredLabel}
    </p>
  );
}
