import { Paragraph, Table, TableCell, TableRow, TextRun, WidthType, type ITableCellOptions } from 'docx';
import { messages } from '../../../../shared/messages';
import type { Check, CheckFinding } from '../../../../shared/schemas/checks';
import { describeLocation } from './locations';
import { textRuns } from './text-runs';
import { effectiveVerdict, inReadingOrder, isOverridden } from './verdicts';
import { clauseCitation, parameterLabel, REPORT_WORDING, reportTime, statedValue } from './wording';

const labels = messages.checkFindings;
const heads = REPORT_WORDING.table;

/** Landscape Letter less 0.75 in margins each side, in twentieths of a point. */
export const TEXT_WIDTH_TWIPS = 15840 - 2 * 1080;

function cell(lines: string[], options: { bold?: boolean; width: number; shading?: ITableCellOptions['shading'] }): TableCell {
  return new TableCell({
    width: { size: options.width, type: WidthType.DXA },
    ...(options.shading ? { shading: options.shading } : {}),
    // A cell needs a paragraph even when it has nothing to say, or Word reports the file as damaged.
    children: (lines.length > 0 ? lines : ['']).map((line) => new Paragraph({ children: textRuns(line, { bold: options.bold ?? false, size: 18 }) })),
  });
}

function table(widths: number[], header: string[], rows: string[][][]): Table {
  return new Table({
    width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({
        tableHeader: true,
        children: header.map((title, i) => cell([title], { bold: true, width: widths[i]!, shading: { fill: 'E7E6E6', type: 'clear', color: 'auto' } })),
      }),
      ...rows.map((row) => new TableRow({ cantSplit: true, children: row.map((lines, i) => cell(lines, { width: widths[i]! })) })),
    ],
  });
}

/** How a finding's verdict reads in the table: the effective one, and the engine's where a reviewer changed it. */
function verdictLines(finding: CheckFinding): string[] {
  const lines: string[] = [labels.verdicts[effectiveVerdict(finding)]];
  if (isOverridden(finding)) lines.push(`(engine: ${labels.verdicts[finding.verdict]})`);
  return lines;
}

function markLines(finding: CheckFinding): string[] {
  const marks: string[] = [];
  if (isOverridden(finding) && finding.reviewer) marks.push(labels.overridden(finding.reviewer.by));
  if (finding.extractedBy === 'model') marks.push(labels.modelExtracted);
  return marks;
}

/**
 * The findings table, non-conformances first. Undefined for a check without findings: an empty
 * table (a header and no rows) is what the report must never contain.
 */
export function findingsTable(check: Check): Table | undefined {
  if (check.findings.length === 0) return undefined;
  const widths = [1500, 2500, 1300, 2500, 1600, 2480, 1800];
  return table(
    widths,
    [heads.verdict, heads.parameter, heads.stated, heads.limit, heads.clause, heads.location, heads.marks],
    inReadingOrder(check.findings).map((finding) => [
      verdictLines(finding),
      finding.location.column ? [parameterLabel(finding), finding.location.column] : [parameterLabel(finding)],
      [statedValue(finding)],
      [finding.requirement?.limit ?? '—'],
      [finding.requirement ? clauseCitation(finding.requirement) : '—'],
      [describeLocation(finding.location, check.document.type)],
      markLines(finding),
    ]),
  );
}

/** The audit trail, oldest first; undefined when no verdict was ever overridden. */
export function overridesTable(check: Check): Table | undefined {
  if (check.audit.length === 0) return undefined;
  const byId = new Map(check.findings.map((f) => [f.id, f]));
  const widths = [3480, 1900, 1900, 2400, 4000];
  return table(
    widths,
    [heads.finding, heads.who, heads.when, heads.change, heads.note],
    check.audit.map((entry) => {
      const finding = byId.get(entry.findingId);
      return [
        finding ? [parameterLabel(finding), describeLocation(finding.location, check.document.type)] : [entry.findingId],
        [entry.by],
        [reportTime(entry.at)],
        [`${labels.verdicts[entry.from]} → ${labels.verdicts[entry.to]}`],
        [entry.note],
      ];
    }),
  );
}

/** A bold label and its value, for the report's opening facts. */
export function fact(label: string, value: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), ...textRuns(value)] });
}
