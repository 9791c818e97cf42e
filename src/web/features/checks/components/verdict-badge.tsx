import { CircleAlertIcon, CircleCheckIcon, CircleHelpIcon } from 'lucide-react';
import type { FindingVerdict } from '../../../../shared/schemas/checks';
import { cn } from '../../../lib/utils';
import { verdictLabel } from '../lib/verdicts';

const STYLES: Record<FindingVerdict, string> = {
  non_conformance: 'border-destructive/40 bg-destructive/10 text-destructive',
  needs_review: 'border-warning bg-warning/25 text-warning-foreground dark:text-warning',
  conforms: 'border-emerald-600/40 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300',
};

const ICONS = { non_conformance: CircleAlertIcon, needs_review: CircleHelpIcon, conforms: CircleCheckIcon } as const;

/** A verdict in words with its colour and icon, so it never rests on colour alone. */
export function VerdictBadge({ verdict, className }: { verdict: FindingVerdict; className?: string }) {
  const Icon = ICONS[verdict];
  return (
    <span className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', STYLES[verdict], className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {verdictLabel(verdict)}
    </span>
  );
}
