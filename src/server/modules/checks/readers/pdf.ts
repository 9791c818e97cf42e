import { getDocumentProxy } from 'unpdf';
import type { DocumentBlock, DocumentContent, TableBlock } from '../../../../shared/schemas/document-content';
import { DocumentReadError, describeError, readFailure } from './errors';
import { columnUnit } from './tables';

/** The most pages a PDF may have unless the caller says otherwise: the largest plan's document limit ("Documents up to 100 pages"). */
export const DEFAULT_MAX_PDF_PAGES = 100;

interface Item {
  x: number;
  y: number;
  width: number;
  height: number;
  font: string;
  str: string;
}

/** One text line of a page: its 1-based number from the top, baseline, left edge, main font and text. */
export interface PdfTextLine {
  page: number;
  line: number;
  y: number;
  x: number;
  font: string;
  text: string;
  /** The text cut where runs stand at least {@link CELL_GAP} apart: the cells of a table row, with their left edges. */
  cells: { x: number; end: number; text: string }[];
}

/** A gap (points) between two runs that separates table cells. */
const CELL_GAP = 6;

/** Items whose baselines differ by at most this much (points) share a line. */
const SAME_LINE = 2.5;
/** A smaller run at most this far below a line's baseline is its subscript. */
const SUBSCRIPT_DROP = 5;
/** A run smaller than this share of the line's text size is a sub- or superscript. */
const SMALL = 0.85;

function isTextItem(item: unknown): item is { str: string; transform: number[]; width: number; height: number; fontName: string } {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

function buildLines(items: Item[], page: number): PdfTextLine[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Item[][] = [];
  for (const item of sorted) {
    const current = groups[groups.length - 1];
    const top = current?.[0];
    // Subscripts ("V" then "max" a little lower, in a smaller size) belong to the line above.
    const lowered = top !== undefined && top.y - item.y <= SUBSCRIPT_DROP && item.height > 0 && item.height < top.height * SMALL;
    if (current && (Math.abs((top?.y ?? 0) - item.y) <= SAME_LINE || lowered)) current.push(item);
    else groups.push([item]);
  }
  return groups.map((group, index) => {
    const parts = [...group].sort((a, b) => a.x - b.x);
    const size = Math.max(...parts.map((part) => part.height));
    let text = '';
    let end = Number.NaN;
    const fonts = new Map<string, number>();
    const cells: { x: number; end: number; text: string }[] = [];
    for (const part of parts) {
      // A gap between two runs is a space the PDF does not draw as a character; a smaller run
      // right after the previous one (a sub- or superscript) is attached.
      const attached = part.height < size * SMALL && part.x - end < 1.5;
      const space = !attached && part.x - end > 1 && !/^\s/.test(part.str) ? ' ' : '';
      if (text !== '' && !/\s$/.test(text)) text += space;
      text += part.str;
      const cell = cells[cells.length - 1];
      if (!cell || part.x - end >= CELL_GAP) cells.push({ x: part.x, end: part.x + part.width, text: part.str });
      else cell.text += (/\s$/.test(cell.text) ? '' : space) + part.str;
      end = part.x + part.width;
      const last = cells[cells.length - 1];
      if (last) last.end = Math.max(last.end, end);
      fonts.set(part.font, (fonts.get(part.font) ?? 0) + part.str.length);
    }
    const font = [...fonts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();
    return {
      page,
      line: index + 1,
      y: parts[0]?.y ?? 0,
      x: parts[0]?.x ?? 0,
      font,
      text: tidy(text),
      cells: cells.map((cell) => ({ x: cell.x, end: cell.end, text: tidy(cell.text) })),
    };
  });
}

/** The share of the page's height at its top and at its bottom where running headers and footers stand. */
const MARGIN_BAND = 0.12;

/** A page's text lines and its height (its MediaBox), for telling its margins from its body. */
export interface PdfPageLines {
  lines: PdfTextLine[];
  height: number;
}

/** Whether the line stands in the page's top or bottom band, where running headers and footers are. */
function inMargin(line: PdfTextLine, height: number): boolean {
  return line.y > height * (1 - MARGIN_BAND) || line.y < height * MARGIN_BAND;
}

/** A line's text with its digits blanked, so "Page 3 of 8" and "Page 4 of 8" are one running line. */
const runningKey = (line: PdfTextLine) => line.text.replace(/\d+/g, '#');

/**
 * Lines that repeat in the top or bottom band of most pages (running headers, "Page 3 of 8"). Only
 * those bands count: a long schedule repeats its table header and rows of the same shape
 * ("C-#-# #.# …") on every page, and they are content.
 */
function runningLines(pages: PdfPageLines[]): Set<string> {
  const repeated = new Set<string>();
  if (pages.length < 3) return repeated;
  const counts = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.lines.filter((line) => inMargin(line, page.height)).map(runningKey));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counts) if (count >= pages.length * 0.6) repeated.add(key);
  return repeated;
}

const HEADING = /^(\d+(?:\.\d+){0,5})\.?\s+\p{Lu}/u;

const CAPTION = /^Table\s+[A-Z]?\d+(?:[-.]\d+)*\b/;

/** Where a cell's text starts: the column whose left edge is the nearest at or left of it. */
function columnOf(x: number, columns: number[]): number {
  let found = 0;
  columns.forEach((left, index) => {
    if (x >= left - 2) found = index;
  });
  return found;
}

/** A table that reached the foot of its page, which may go on at the top of the next. */
interface OpenTable {
  block: TableBlock;
  columns: number[];
  /** Its header's lines, which the next page may repeat. */
  headerTexts: string[];
}

/** A cell that holds only a number (a data cell, never part of a header). */
const NUMERIC = /^[-+−]?\d[\d.,/ ]*%?$/;

/**
 * The columns of a table: the left edges of the spans its lines' cells cover, cells that overlap
 * one another (a centred header cell over a left-aligned data cell) standing in one column. Only
 * lines of two cells or more count, so a note spanning the table does not join two columns.
 */
function tableColumns(lines: PdfTextLine[]): number[] {
  const spans = lines
    .filter((line) => line.cells.length >= 2)
    .flatMap((line) => line.cells.map((cell) => [cell.x, Math.max(cell.end, cell.x)] as const))
    .sort((a, b) => a[0] - b[0]);
  const columns: [number, number][] = [];
  for (const [x, end] of spans) {
    const last = columns[columns.length - 1];
    if (last && x <= last[1] + 1) last[1] = Math.max(last[1], end);
    else columns.push([x, end]);
  }
  return columns.map(([x]) => x);
}

/**
 * The table under a caption. Its lines run to a line left of the table's left edge (body text),
 * a heading-sized gap, another caption or the page end; the table's left edge is the leftmost of
 * its first two lines of two cells or more (a centred header stands right of the rows' edge), or
 * of the few one-cell lines before them (a header's wrapped cell, centred over the others).
 * Its columns are the spans its cells cover ({@link tableColumns}). Where the lines stand
 * closer within a row than rows stand apart (padded cells), the gaps cut the rows: the first is
 * the header, however many lines its cells wrap onto (and vertically centred cells cut into more
 * lines than they wrap to). Where all lines stand evenly, the first line is the header, with the
 * lines after it in its font where that differs from the rows' (a bold header), and a line whose
 * first column is empty continues the row (or header) above (a wrapped cell). With `continued`
 * (a table that reached the foot of the page before) it reads that table's further rows at the
 * top of a page: past a repeated header, in its columns, the first line starting at its left edge.
 */
function readTable(lines: PdfTextLine[], start: number, leading: number, continued?: OpenTable): { block: TableBlock; next: number; open: OpenTable } | null {
  // On the next page a table may repeat its header, and its rows must line up with its columns.
  let from = start;
  while (continued && from < lines.length && continued.headerTexts.includes((lines[from] as PdfTextLine).text)) from++;
  const header = lines[from];
  if (!header || CAPTION.test(header.text)) return null;
  if (continued && (header.cells.length < 2 || Math.abs(header.x - (continued.columns[0] ?? 0)) > 3)) return null;
  let left = continued ? Math.min(header.x, continued.columns[0] ?? 0) : header.x;
  let multi = continued ? 2 : header.cells.length >= 2 ? 1 : 0;
  let end = from + 1;
  for (let previous = header; end < lines.length; end++) {
    const line = lines[end] as PdfTextLine;
    if (multi < 2 && line.cells.length >= 2) {
      left = multi === 0 ? line.x : Math.min(left, line.x);
      multi++;
    } else if (multi === 0 && end - from < 6) left = Math.min(left, line.x);
    if (line.x < left - 2 || previous.y - line.y > leading * 2.5 || CAPTION.test(line.text)) break;
    previous = line;
  }
  let region = lines.slice(from, end);
  const spacing = () => region.slice(1).map((line, i) => (region[i]?.y ?? 0) - line.y);
  // A line well below the table's last row (a page number at the foot) is not a row.
  for (let gaps = spacing(); gaps.length >= 2 && (gaps[gaps.length - 1] ?? 0) > 1.8 * Math.max(...gaps.slice(0, -1)); gaps = spacing()) {
    region = region.slice(0, -1);
    end--;
  }
  const gaps = spacing();
  const rowGap = Math.max(0, ...gaps);
  const even = gaps.length === 0 || Math.min(...gaps) >= rowGap * 0.9;
  let headerLines = continued ? 0 : 1;
  if (!continued && !even) while (headerLines < region.length && (gaps[headerLines - 1] ?? 0) < rowGap * 0.9) headerLines++;
  else if (!continued && region.some((line) => line.font !== header.font))
    // With even spacing, a header in its own font (bold) takes the lines after it in that font.
    while (
      headerLines < Math.min(region.length - 1, 6) &&
      region[headerLines]?.font === header.font &&
      !region[headerLines]?.cells.some((cell) => NUMERIC.test(cell.text))
    )
      headerLines++;
  // The rows' cells give the columns; a header cell (often centred) goes where its middle falls.
  const widest = Math.max(...region.slice(0, headerLines).map((line) => line.cells.length));
  let columns = continued?.columns ?? tableColumns(region.slice(headerLines));
  if (!continued && columns.length < Math.min(widest, 2)) columns = tableColumns(region);
  if (columns.length < 2) return null;
  const place = (line: PdfTextLine, centred: boolean): string[] => {
    const cells = columns.map(() => '');
    for (const cell of line.cells) {
      const column = columnOf(centred ? Math.max(cell.x, (cell.x + cell.end) / 2) : cell.x, columns);
      cells[column] = cells[column] ? `${cells[column]} ${cell.text}` : cell.text;
    }
    return cells;
  };
  const merge = (into: string[], cells: string[]) => cells.forEach((cell, i) => cell && (into[i] = into[i] ? `${into[i]} ${cell}` : cell));
  const headerCells = continued ? [...continued.block.columns] : place(header, true);
  const rows: { cells: string[]; lines: PdfTextLine[] }[] = [];
  region.forEach((line, index) => {
    if (index === 0 && !continued) return;
    const inHeader = index < headerLines;
    const cells = place(line, inHeader);
    const last = rows[rows.length - 1];
    const gap = gaps[index - 1];
    const wrapped = inHeader || (gap !== undefined && (even ? cells[0] === '' : gap < rowGap * 0.9));
    if (!wrapped) rows.push({ cells, lines: [line] });
    else if (last) {
      merge(last.cells, cells);
      last.lines.push(line);
    } else merge(headerCells, cells);
  });
  if (rows.length === 0 || headerCells.filter(Boolean).length < 2) return null;
  const before = continued?.block.rows.length ?? 0;
  const block: TableBlock = {
    kind: 'table',
    page: header.page,
    headerRow: 1,
    columns: headerCells,
    units: headerCells.map(columnUnit),
    rows: rows.map((row, i) => {
      const first = row.lines[0] as PdfTextLine;
      const last = row.lines[row.lines.length - 1] as PdfTextLine;
      return {
        cells: row.cells,
        location: {
          page: first.page,
          row: before + i + 2,
          line: first.line,
          ...(last.line !== first.line ? { lineEnd: last.line } : {}),
          text: row.lines.map((line) => line.text).join(' '),
        },
      };
    }),
  };
  const headerTexts = continued?.headerTexts ?? region.slice(0, headerLines).map((line) => line.text);
  return { block, next: end, open: { block, columns, headerTexts } };
}

/**
 * Turns the lines into paragraphs and captioned tables: a paragraph ends at a wider gap than the body's line spacing,
 * a change of left edge, or a heading (a numbered line in another font than the body's).
 */
function paragraphs(pages: PdfPageLines[], bodyFont: string): DocumentBlock[] {
  const skip = runningLines(pages);
  const gaps: number[] = [];
  for (const { lines: page } of pages)
    for (let i = 1; i < page.length; i++) {
      const [a, b] = [page[i - 1], page[i]];
      if (a && b && a.font === bodyFont && b.font === bodyFont && a.x === b.x) gaps.push(a.y - b.y);
    }
  gaps.sort((a, b) => a - b);
  const leading = gaps[Math.floor(gaps.length / 2)] ?? 14;
  const blocks: DocumentBlock[] = [];
  let section: string | undefined;
  let number = 0;
  // A table that ran to the foot of a page, whose rows may go on at the top of the next.
  let carried: OpenTable | null = null;
  for (const page of pages) {
    let open: { lines: PdfTextLine[] } | null = null;
    const close = () => {
      if (!open) return;
      const first = open.lines[0] as PdfTextLine;
      const last = open.lines[open.lines.length - 1] as PdfTextLine;
      const text = open.lines.map((line) => line.text).join(' ');
      number++;
      blocks.push({
        kind: 'paragraph',
        text,
        location: {
          page: first.page,
          line: first.line,
          ...(last.line !== first.line ? { lineEnd: last.line } : {}),
          ...(section ? { section } : {}),
          paragraph: number,
          text,
        },
      });
      open = null;
    };
    let previous: PdfTextLine | undefined;
    const lines = page.lines.filter((line) => !(inMargin(line, page.height) && skip.has(runningKey(line))));
    // Whether nothing but the page's foot (a page number) stands after a table that ends at `next`.
    const atFoot = (next: number) => lines.slice(next).every((line) => inMargin(line, page.height));
    const previousTable = carried as OpenTable | null;
    carried = null;
    let from = 0;
    if (previousTable) {
      // A table going on from the page before: past a page header (one-cell lines in the top band).
      let top = 0;
      while (top < lines.length && inMargin(lines[top] as PdfTextLine, page.height) && (lines[top]?.cells.length ?? 0) < 2) top++;
      const continued = readTable(lines, top, leading, previousTable);
      if (continued) {
        previousTable.block.rows.push(...continued.block.rows);
        from = continued.next;
        if (atFoot(continued.next)) carried = previousTable;
      }
    }
    for (let index = from; index < lines.length; index++) {
      const line = lines[index] as PdfTextLine;
      if (CAPTION.test(line.text)) {
        const table = readTable(lines, index + 1, leading);
        if (table) {
          close();
          open = { lines: [line] };
          close();
          const block: TableBlock = { ...table.block, ...(section ? { section } : {}), caption: line.text };
          blocks.push(block);
          index = table.next - 1;
          if (atFoot(table.next)) carried = { ...table.open, block };
          previous = undefined;
          continue;
        }
      }
      const heading = HEADING.exec(line.text);
      if (heading && line.font !== bodyFont) {
        close();
        section = line.text;
        number = 0;
        blocks.push({
          kind: 'paragraph',
          text: line.text,
          headingLevel: (heading[1] ?? '').split('.').length,
          location: { page: line.page, line: line.line, section, text: line.text },
        });
        previous = undefined;
        continue;
      }
      const joins = open && previous && previous.y - line.y <= leading * 1.2 && Math.abs(previous.x - line.x) <= 2 && previous.font === line.font;
      if (!joins) close();
      if (!open) open = { lines: [] };
      open.lines.push(line);
      previous = line;
    }
    close();
  }
  return blocks;
}

/**
 * Reads a PDF's text layer (pdf.js through unpdf): every line with its page and its number on
 * the page, grouped into paragraphs under the nearest numbered heading, and tables under a
 * "Table n-n" caption read into rows and columns (other tables stay one paragraph a line). Refuses a PDF over
 * `maxPages`; a PDF none of whose pages has text is a scan and fails with `scanned_pdf`; pages
 * without text in an otherwise readable PDF are listed in `pagesWithoutText`.
 */
export async function readPdf(data: Uint8Array, options: { maxPages?: number } = {}): Promise<DocumentContent> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PDF_PAGES;
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it gets; give it a copy.
    pdf = await getDocumentProxy(data.slice(), { verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw readFailure.encrypted();
    throw readFailure.corrupt(describeError(error));
  }
  try {
    if (pdf.numPages > maxPages) throw readFailure.tooManyPages(pdf.numPages, maxPages);
    const pages: PdfPageLines[] = [];
    const fontChars = new Map<string, number>();
    const withoutText: number[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!isTextItem(raw) || raw.str.trim() === '') continue;
        items.push({ x: raw.transform[4] ?? 0, y: raw.transform[5] ?? 0, width: raw.width, height: raw.height, font: raw.fontName, str: raw.str });
        fontChars.set(raw.fontName, (fontChars.get(raw.fontName) ?? 0) + raw.str.length);
      }
      if (items.length === 0) withoutText.push(number);
      // view is the MediaBox [x0, y0, x1, y1], in the units text positions are given in.
      pages.push({ lines: buildLines(items, number), height: (page.view[3] ?? 792) - (page.view[1] ?? 0) });
      page.cleanup();
    }
    if (pdf.numPages > 0 && withoutText.length === pdf.numPages) throw readFailure.scanned(pdf.numPages);
    const bodyFont = [...fontChars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    return {
      type: 'pdf',
      pages: pdf.numPages,
      ...(withoutText.length > 0 ? { pagesWithoutText: withoutText } : {}),
      blocks: paragraphs(pages, bodyFont),
    };
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    throw readFailure.corrupt(describeError(error));
  } finally {
    await pdf.destroy();
  }
}
