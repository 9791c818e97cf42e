import { messages } from '../../../../shared/messages';
import type { CheckFileType, CheckFinding } from '../../../../shared/schemas/checks';
import { FindingRow } from './finding-row';

const text = messages.checkPage.findings;
const HEADINGS = [text.verdict, text.parameter, text.stated, text.limit, text.clause, text.location, text.actions];

/**
 * The findings as a table from md up; below it each finding is a card of labelled lines (the
 * header is then hidden and every cell names itself), so nothing scrolls sideways on a phone.
 */
export function FindingsTable({ checkId, viewer, findings, type }: { checkId: string; viewer: string | null; findings: CheckFinding[]; type: CheckFileType }) {
  return (
    <table className="w-full text-sm max-md:block" aria-label={text.tableLabel}>
      <thead className="max-md:hidden">
        <tr className="border-b">
          {HEADINGS.map((heading, index) => (
            <th key={heading} scope="col" className="h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground">
              {index === HEADINGS.length - 1 ? <span className="sr-only">{heading}</span> : heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-3">
        {findings.map((finding) => (
          <FindingRow key={finding.id} checkId={checkId} viewer={viewer} finding={finding} type={type} />
        ))}
      </tbody>
    </table>
  );
}
