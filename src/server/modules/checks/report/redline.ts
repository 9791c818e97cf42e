import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  HeadingLevel,
  InsertedTextRun,
  Paragraph,
  TextRun,
  type ICommentOptions,
  type ParagraphChild,
} from 'docx';
import type { Check, CheckFinding } from '../../../../shared/schemas/checks';
import { limitInStatementStyle, parseLimit, type InsertedLimit } from './limits';
import { describeLocation } from './locations';
import type { StatedNumber } from './stated-numbers';
import { textParagraph, textRuns, xmlSafe } from './text-runs';
import { columnKey, findValueInStatement, learnColumnIndexes } from './value-in-statement';
import { effectiveVerdict } from './verdicts';
import { clauseCitation, parameterLabel, REPORT_WORDING, reportTime, statedValue } from './wording';

/**
 * One counter for every w:id the report writes: Word treats a revision id or comment id that
 * occurs twice as damage and offers to repair the file, so ids are never reused across kinds.
 */
export class ChangeIds {
  private last = 0;
  next(): number {
    this.last += 1;
    return this.last;
  }
}

/** Who and when every tracked change and comment of the report is by. */
export interface Revision {
  author: string;
  date: Date;
}

export interface RedlineSection {
  paragraphs: Paragraph[];
  comments: ICommentOptions[];
}

const wording = REPORT_WORDING.redline;
const QUOTE_INDENT = { left: 567 };

/** The comment on a change: the clause with its quoted words, why the value fails, and the reviewer's note. */
function commentFor(finding: CheckFinding, id: number, revision: Revision): ICommentOptions {
  const children: Paragraph[] = [];
  const requirement = finding.requirement;
  if (requirement) children.push(new Paragraph({ children: textRuns(`${clauseCitation(requirement)}: “${requirement.quote}”`) }));
  children.push(textParagraph(finding.message));
  if (!requirement) children.push(textParagraph(wording.noRequirement));
  if (finding.reviewer) children.push(textParagraph(wording.reviewer(finding.reviewer.by, reportTime(finding.reviewer.at), finding.reviewer.note)));
  return { id, author: revision.author, initials: 'TS', date: revision.date, children };
}

/** The deletion and insertion, wrapped in the comment's range with its reference mark after it. */
function changeRuns(deleted: string | undefined, inserted: string | undefined, commentId: number, ids: ChangeIds, revision: Revision): ParagraphChild[] {
  const tracked = { author: revision.author, date: revision.date.toISOString() };
  const runs: ParagraphChild[] = [new CommentRangeStart(commentId)];
  if (deleted) runs.push(new DeletedTextRun({ id: ids.next(), ...tracked, text: xmlSafe(deleted) }));
  if (inserted) runs.push(new InsertedTextRun({ id: ids.next(), ...tracked, text: xmlSafe(inserted) }));
  runs.push(new CommentRangeEnd(commentId), new TextRun({ children: [new CommentReference(commentId)] }));
  return runs;
}

/** What replaces the stated value: the limit in the statement's style, or the limit's own words where they hold no figure. */
function insertionFor(finding: CheckFinding, number: StatedNumber): InsertedLimit | undefined {
  if (!finding.requirement) return undefined;
  const limit = parseLimit(finding.requirement.limit);
  if (!limit) return { text: finding.requirement.limit.replace(/^\s*[≤≥<>]=?\s*/u, ''), withUnit: true };
  return limitInStatementStyle(limit, finding.unit, number);
}

/** The value as the engine read it ("60"), for the "Proposed:" line of a statement it could not be found in. */
function readValue(finding: CheckFinding): StatedNumber | undefined {
  if (finding.value === null) return undefined;
  const text = String(Math.round(finding.value * 1000) / 1000);
  return { start: 0, end: text.length, value: finding.value, style: 'decimal', decimals: text.split('.')[1]?.length ?? 0 };
}

/** The statement with the value struck through and the limit inserted in place, or undefined when the value cannot be told apart in it. */
function inPlace(finding: CheckFinding, found: StatedNumber, ids: ChangeIds, commentId: number, revision: Revision): Paragraph | undefined {
  const insertion = insertionFor(finding, found);
  if (!insertion) return undefined;
  const text = finding.location.text;
  // A limit that brings its own unit replaces the stated unit too ("5 days" → "1 per week").
  const end = insertion.withUnit && found.unit ? found.unit.end : found.end;
  return new Paragraph({
    indent: QUOTE_INDENT,
    children: [
      ...textRuns(text.slice(0, found.start)),
      ...changeRuns(text.slice(found.start, end), insertion.text, commentId, ids, revision),
      ...textRuns(text.slice(end)),
    ],
  });
}

/** The statement quoted unchanged, and the change on a line of its own. */
function proposed(finding: CheckFinding, ids: ChangeIds, commentId: number, revision: Revision): Paragraph[] {
  const quoted = new Paragraph({ indent: QUOTE_INDENT, children: textRuns(finding.location.text) });
  const read = readValue(finding);
  const insertion = read ? insertionFor(finding, read) : finding.requirement ? { text: finding.requirement.limit, withUnit: true } : undefined;
  const label = `${finding.location.column || parameterLabel(finding)}: `;
  if (!insertion) {
    // Nothing to insert (no requirement matched): the comment hangs on the statement itself.
    return [
      new Paragraph({
        indent: QUOTE_INDENT,
        children: [
          new CommentRangeStart(commentId),
          ...textRuns(finding.location.text),
          new CommentRangeEnd(commentId),
          new TextRun({ children: [new CommentReference(commentId)] }),
        ],
      }),
    ];
  }
  // The value and its unit as the engine read them; the statement itself stays as written above.
  const unitAfter = !insertion.withUnit && finding.unit ? ` ${finding.unit}` : '';
  const deleted = read ? statedValue(finding) : undefined;
  return [
    quoted,
    new Paragraph({ children: [new TextRun({ text: wording.notFound, italics: true })] }),
    new Paragraph({
      children: [
        new TextRun({ text: wording.proposed, bold: true }),
        ...textRuns(label),
        ...changeRuns(deleted, `${insertion.text}${unitAfter}`, commentId, ids, revision),
      ],
    }),
  ];
}

/**
 * The redline section: every non-conformance (after the reviewers' overrides) as its statement
 * with the stated value struck through and the limit inserted as tracked changes, and a comment
 * on that change citing the clause. A statement is never altered beyond that one change: where
 * the value cannot be found in it for certain, it is quoted whole and the change proposed apart.
 */
export function buildRedline(check: Check, revision: Revision, ids: ChangeIds): RedlineSection {
  const isCsv = check.document.type === 'csv';
  const columns = learnColumnIndexes(check.findings, isCsv);
  const paragraphs: Paragraph[] = [];
  const comments: ICommentOptions[] = [];
  const nonConformances = check.findings.filter((f) => effectiveVerdict(f) === 'non_conformance');
  nonConformances.forEach((finding, index) => {
    const commentId = ids.next();
    comments.push(commentFor(finding, commentId, revision));
    paragraphs.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_3,
        children: textRuns(`${index + 1}. ${parameterLabel(finding)}: ${statedValue(finding)} — ${describeLocation(finding.location, check.document.type)}`),
      }),
    );
    const found = findValueInStatement(finding, { isCsv, columnIndex: columns.get(columnKey(finding)) });
    const paragraph = found ? inPlace(finding, found.number, ids, commentId, revision) : undefined;
    paragraphs.push(...(paragraph ? [paragraph] : proposed(finding, ids, commentId, revision)));
  });
  return { paragraphs, comments };
}
