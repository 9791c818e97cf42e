import { BotIcon, ChevronDownIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { citationLabel } from '../../../../shared/citation-label';
import { messages } from '../../../../shared/messages';
import type { CheckFileType, CheckFinding } from '../../../../shared/schemas/checks';
import { standardPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { capitalised, describeLocation } from '../lib/finding-location';
import { parameterLabel } from '../lib/parameter-label';
import { effectiveVerdict, verdictLabel } from '../lib/verdicts';
import { FindingSource } from './finding-source';
import { OverrideDialog } from './override-dialog';
import { VerdictBadge } from './verdict-badge';

const text = messages.checkPage.findings;
const reviewText = messages.checkPage.review;

/** The number of columns, for the opened finding's full-width cell. */
export const FINDING_COLUMNS = 7;

/** A cell that is a table cell from md up and a labelled line of a card below it. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn('px-3 py-2.5 align-top max-md:flex max-md:gap-2 max-md:p-0', className)}>
      <span className="w-20 shrink-0 text-xs font-medium text-muted-foreground md:hidden">{label}</span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

function statedValue(finding: CheckFinding): string {
  if (finding.value === null) return text.notNumeric;
  return finding.unit ? `${finding.value} ${finding.unit}` : String(finding.value);
}

function Review({ finding }: { finding: CheckFinding }) {
  const review = finding.reviewer;
  if (!review) return null;
  return (
    <div className="mt-1.5 grid gap-0.5 text-xs text-muted-foreground">
      <span>{reviewText.reviewedBy(review.by, formatDateTime(review.at, review.at))}</span>
      {review.verdict !== finding.verdict ? <span>({reviewText.wasVerdict(verdictLabel(finding.verdict))})</span> : null}
      <q className="italic text-foreground">{review.note}</q>
    </div>
  );
}

/**
 * One finding: verdict (and its review), parameter and message, stated value, limit, clause link
 * and location; opening it shows the clause's words and the finding's place in the document.
 */
export function FindingRow({ checkId, viewer, finding, type }: { checkId: string; viewer: string | null; finding: CheckFinding; type: CheckFileType }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = useId();
  const where = describeLocation(finding.location, type);
  const requirement = finding.requirement;
  const parameter = parameterLabel(finding.parameter);
  return (
    <>
      <tr className={cn('border-b max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3', isOpen && 'md:border-b-0')}>
        <Cell label={text.verdict}>
          <VerdictBadge verdict={effectiveVerdict(finding)} />
          <Review finding={finding} />
        </Cell>
        <Cell label={text.parameter} className="md:min-w-56">
          <span className="font-medium">{parameter}</span>
          <p className="mt-0.5 text-xs text-muted-foreground">{finding.message}</p>
          {finding.extractedBy === 'model' ? (
            <span className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground" title={text.modelExtracted}>
              <BotIcon className="size-3.5" aria-hidden />
              {text.modelBadge}
            </span>
          ) : null}
        </Cell>
        <Cell label={text.stated} className="whitespace-nowrap tabular-nums">
          {statedValue(finding)}
        </Cell>
        <Cell label={text.limit} className="md:min-w-24">
          {requirement?.limit ?? text.noLimit}
        </Cell>
        <Cell label={text.clause} className="whitespace-nowrap">
          {requirement ? (
            <Link
              to={standardPath(requirement.standard, requirement.ref)}
              className="font-medium text-primary underline underline-offset-2 hover:no-underline"
              title={text.openClause(requirement.ref)}
            >
              § {requirement.ref}
            </Link>
          ) : (
            text.noLimit
          )}
        </Cell>
        <Cell label={text.location}>{capitalised(where)}</Cell>
        <td className="px-3 py-2.5 align-top max-md:p-0">
          <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch lg:flex-row">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={isOpen}
              aria-controls={detailsId}
              aria-label={text.showSourceOf(parameter, where)}
              onClick={() => setIsOpen((open) => !open)}
            >
              <ChevronDownIcon className={cn('motion-safe:transition-transform', isOpen && 'rotate-180')} aria-hidden />
              {isOpen ? text.hideSource : text.showSource}
            </Button>
            <OverrideDialog checkId={checkId} viewer={viewer} finding={finding} where={where} />
          </div>
        </td>
      </tr>
      <tr id={detailsId} hidden={!isOpen} className="border-b bg-muted/30 max-md:-mt-2 max-md:block max-md:rounded-b-lg max-md:border max-md:border-t-0">
        {isOpen ? (
          <td colSpan={FINDING_COLUMNS} className="px-3 py-3 max-md:block">
            <div className="grid gap-3">
              {requirement ? (
                <figure className="grid gap-1">
                  <figcaption className="text-xs font-semibold text-muted-foreground">
                    {text.quote} ({citationLabel(requirement.standard, requirement.ref)})
                  </figcaption>
                  <blockquote className="border-l-2 border-primary pl-3 text-sm italic">{requirement.quote}</blockquote>
                </figure>
              ) : null}
              <FindingSource checkId={checkId} viewer={viewer} finding={finding} where={where} />
            </div>
          </td>
        ) : null}
      </tr>
    </>
  );
}
