import { useId } from 'react';
import { messages } from '../../../../shared/messages';
import type { FindingVerdict } from '../../../../shared/schemas/checks';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/utils';
import { NO_CLAUSE, type FindingFilters } from '../lib/finding-filters';
import { VERDICTS, verdictLabel } from '../lib/verdicts';

const text = messages.checkPage.filters;

const chip =
  'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium motion-safe:transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground';

/** Verdict chips (one pressed at a time) and a clause select, each option with its count. */
export function FindingsFilters({
  filters,
  onChange,
  verdictCounts,
  clauses,
  total,
}: {
  filters: FindingFilters;
  onChange: (filters: FindingFilters) => void;
  verdictCounts: Record<FindingVerdict, number>;
  clauses: { ref: string; count: number }[];
  total: number;
}) {
  const clauseId = useId();
  const groupId = useId();
  const chips: { value: FindingVerdict | 'all'; label: string; count: number }[] = [
    { value: 'all', label: text.all, count: total },
    ...VERDICTS.map((verdict) => ({ value: verdict, label: verdictLabel(verdict), count: verdictCounts[verdict] })),
  ];
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div role="group" aria-labelledby={groupId} className="grid gap-1.5">
        <span id={groupId} className="text-sm font-medium">
          {text.verdictGroup}
        </span>
        <div className="flex flex-wrap gap-2">
          {chips.map((c) => (
            <button
              key={c.value}
              type="button"
              aria-pressed={filters.verdict === c.value}
              className={cn(chip)}
              onClick={() => onChange({ ...filters, verdict: c.value })}
            >
              {c.label}
              <span className="tabular-nums opacity-80">{c.count}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-1.5 md:w-64">
        <Label htmlFor={clauseId}>{text.clauseLabel}</Label>
        <NativeSelect id={clauseId} value={filters.clause} onChange={(event) => onChange({ ...filters, clause: event.target.value })}>
          <option value="all">{text.allClauses}</option>
          {clauses.map((c) => (
            <option key={c.ref} value={c.ref}>
              {c.ref === NO_CLAUSE ? text.noClause : `§ ${c.ref}`} ({c.count})
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
