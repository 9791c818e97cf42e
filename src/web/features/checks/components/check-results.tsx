import { useId, useMemo, useState } from 'react';
import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { NO_FILTERS, clauseOptions, filterFindings, orderFindings, type FindingFilters } from '../lib/finding-filters';
import { countVerdicts } from '../lib/verdicts';
import { AuditTrail } from './audit-trail';
import { CheckSummary } from './check-summary';
import { FindingsFilters } from './findings-filters';
import { FindingsTable } from './findings-table';

const text = messages.checkPage;

/** A finished check: its counts, the findings with their filters, and the audit trail of overrides. */
export function CheckResults({ check, viewer }: { check: Check; viewer: string | null }) {
  const findingsHeading = useId();
  const auditHeading = useId();
  const [filters, setFilters] = useState<FindingFilters>(NO_FILTERS);
  const counts = useMemo(() => countVerdicts(check.findings), [check.findings]);
  const clauses = useMemo(() => clauseOptions(check.findings), [check.findings]);
  const ordered = useMemo(() => orderFindings(check.findings), [check.findings]);
  const shown = useMemo(() => filterFindings(ordered, filters), [ordered, filters]);

  return (
    <div className="grid gap-6">
      <CheckSummary counts={counts} />
      <section aria-labelledby={findingsHeading} className="grid gap-4">
        <h3 id={findingsHeading} className="text-base font-semibold">
          {text.findings.heading}
        </h3>
        {check.findings.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.findings.empty}</p>
        ) : (
          <>
            <FindingsFilters filters={filters} onChange={setFilters} verdictCounts={counts} clauses={clauses} total={check.findings.length} />
            <p role="status" className="text-sm text-muted-foreground">
              {text.filters.showing(shown.length, check.findings.length)}
            </p>
            {shown.length === 0 ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span>{text.filters.none}</span>
                <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                  {text.filters.clear}
                </Button>
              </div>
            ) : (
              <FindingsTable checkId={check.id} viewer={viewer} findings={shown} type={check.document.type} />
            )}
          </>
        )}
      </section>
      <AuditTrail check={check} headingId={auditHeading} />
    </div>
  );
}
