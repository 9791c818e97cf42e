import type { ReactNode } from 'react';
import type { LeadKind } from '../../../../shared/schemas/leads';
import { cn } from '../../../lib/utils';

/** The kind of a request, as a small coloured label. */
export function LeadKindBadge({ kind, children }: { kind: LeadKind; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        kind === 'demo' ? 'bg-primary/10 text-primary' : 'bg-secondary text-secondary-foreground',
      )}
    >
      {children}
    </span>
  );
}
