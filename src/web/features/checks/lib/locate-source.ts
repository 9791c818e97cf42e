import type { FindingLocation } from '../../../../shared/schemas/checks';
import type { DocumentContent, ParagraphBlock, TableBlock, TableRow } from '../../../../shared/schemas/document-content';

/** The passage of the document a finding points at: its table row, or the paragraphs around its statement. */
export type SourcePassage =
  | { kind: 'row'; table: TableBlock; row: TableRow; /** The value's column, where the finding names it. */ column: number | undefined }
  | { kind: 'paragraphs'; page: number | undefined; paragraphs: ParagraphBlock[]; /** Index of the statement in `paragraphs`. */ target: number }
  | { kind: 'none' };

/** How many paragraphs either side of a statement are shown when no page bounds them (DOCX). */
const PARAGRAPHS_AROUND = 3;

function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether a row stands where the location says (sheet and row, CSV line, PDF page and row). */
function rowStandsAt(table: TableBlock, row: TableRow, location: FindingLocation): boolean {
  const at = row.location;
  if (location.sheet !== undefined && (at.sheet ?? table.sheet) !== location.sheet) return false;
  if (location.page !== undefined && (at.page ?? table.page) !== location.page) return false;
  if (location.cell !== undefined && at.cells) return at.cells.includes(location.cell);
  if (location.line !== undefined && at.line !== undefined) return at.line === location.line;
  if (location.row !== undefined) return at.row === location.row;
  return false;
}

function findRow(content: DocumentContent, location: FindingLocation): { table: TableBlock; row: TableRow } | undefined {
  const text = normalised(location.text);
  const sameText: { table: TableBlock; row: TableRow }[] = [];
  const samePlace: { table: TableBlock; row: TableRow }[] = [];
  for (const block of content.blocks) {
    if (block.kind !== 'table') continue;
    for (const row of block.rows) {
      const isSameText = normalised(row.location.text) === text;
      const isSamePlace = rowStandsAt(block, row, location);
      // The same text at the same place settles it; a repeated row elsewhere does not.
      if (isSameText && isSamePlace) return { table: block, row };
      if (isSameText) sameText.push({ table: block, row });
      if (isSamePlace) samePlace.push({ table: block, row });
    }
  }
  return sameText[0] ?? (samePlace.length === 1 ? samePlace[0] : undefined);
}

function columnOf(table: TableBlock, row: TableRow, location: FindingLocation): number | undefined {
  if (location.cell && row.location.cells) {
    const index = row.location.cells.indexOf(location.cell);
    if (index >= 0) return index;
  }
  if (location.column) {
    const index = table.columns.findIndex((title) => normalised(title) === normalised(location.column ?? ''));
    if (index >= 0) return index;
  }
  return undefined;
}

function findParagraphs(content: DocumentContent, location: FindingLocation): SourcePassage {
  const paragraphs = content.blocks.filter((block): block is ParagraphBlock => block.kind === 'paragraph');
  const text = normalised(location.text);
  const matches = paragraphs.filter((p) => normalised(p.text).includes(text) || normalised(p.location.text).includes(text));
  const statement = matches.find((p) => location.page === undefined || p.location.page === location.page) ?? matches[0];
  if (!statement) return { kind: 'none' };
  const page = statement.location.page;
  if (page !== undefined) {
    // A PDF statement is shown with its page, as the reader sees it printed.
    const onPage = paragraphs.filter((p) => p.location.page === page);
    return { kind: 'paragraphs', page, paragraphs: onPage, target: onPage.indexOf(statement) };
  }
  const at = paragraphs.indexOf(statement);
  const from = Math.max(0, at - PARAGRAPHS_AROUND);
  return { kind: 'paragraphs', page: undefined, paragraphs: paragraphs.slice(from, at + PARAGRAPHS_AROUND + 1), target: at - from };
}

/** The passage of `content` that `location` points at, or `none` when it is not there (the caller shows the source text alone). */
export function locateSource(content: DocumentContent, location: FindingLocation): SourcePassage {
  const row = findRow(content, location);
  if (row) return { kind: 'row', ...row, column: columnOf(row.table, row.row, location) };
  return findParagraphs(content, location);
}

/** `text` split around the first occurrence of `needle` (whitespace-insensitive is not needed: both come from the same reader). */
export function splitAround(text: string, needle: string): { before: string; match: string; after: string } | undefined {
  const trimmed = needle.trim();
  if (trimmed === '') return undefined;
  const at = text.indexOf(trimmed);
  if (at < 0) return undefined;
  return { before: text.slice(0, at), match: trimmed, after: text.slice(at + trimmed.length) };
}
