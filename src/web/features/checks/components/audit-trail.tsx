import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { formatDateTime } from '../../../lib/format-date';
import { describeLocation } from '../lib/finding-location';
import { parameterLabel } from '../lib/parameter-label';
import { verdictLabel } from '../lib/verdicts';

const text = messages.checkPage.audit;

/** Every verdict override of the check, oldest first: who changed what, when and why. */
export function AuditTrail({ check, headingId }: { check: Check; headingId: string }) {
  const findings = new Map(check.findings.map((finding) => [finding.id, finding]));
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        {text.heading}
      </h3>
      {check.audit.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ol className="grid gap-2">
          {check.audit.map((entry, index) => {
            const finding = findings.get(entry.findingId);
            return (
              <li key={`${entry.findingId}-${entry.at}-${index}`} className="grid gap-0.5 rounded-md border bg-card p-3 text-sm">
                <span className="font-medium">{text.entry(entry.by, verdictLabel(entry.from), verdictLabel(entry.to))}</span>
                {finding ? (
                  <span className="text-xs text-muted-foreground">
                    {text.finding(parameterLabel(finding.parameter), describeLocation(finding.location, check.document.type))}
                  </span>
                ) : null}
                <q className="italic">{entry.note}</q>
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.at, entry.at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
