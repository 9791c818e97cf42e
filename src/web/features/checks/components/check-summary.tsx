import { messages } from '../../../../shared/messages';
import type { FindingVerdict } from '../../../../shared/schemas/checks';
import { cn } from '../../../lib/utils';

const text = messages.checkPage.summary;

const TILES: { verdict: FindingVerdict; label: string; tone: string }[] = [
  { verdict: 'non_conformance', label: text.nonConformances, tone: 'border-destructive/40 text-destructive' },
  { verdict: 'conforms', label: text.conforms, tone: 'border-emerald-600/40 text-emerald-800 dark:text-emerald-300' },
  { verdict: 'needs_review', label: text.needsReview, tone: 'border-warning text-warning-foreground dark:text-warning' },
];

/** The check's counts per verdict (reviewers' verdicts counted as they stand). */
export function CheckSummary({ counts }: { counts: Record<FindingVerdict, number> }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4" aria-label={text.heading}>
      {TILES.map((tile) => (
        <div key={tile.verdict} className={cn('grid gap-1 rounded-lg border-l-4 bg-card p-3 shadow-sm sm:p-4', tile.tone)}>
          <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{tile.label}</dt>
          <dd className="text-2xl font-bold tabular-nums sm:text-3xl">{counts[tile.verdict]}</dd>
        </div>
      ))}
    </dl>
  );
}
