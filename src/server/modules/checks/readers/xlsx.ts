import type { DocumentBlock, DocumentContent, TableRow } from '../../../../shared/schemas/document-content';
import { readFailure } from './errors';
import { columnUnit, detectHeaderRow, hasNumber, isBlankRow } from './tables';
import { attr, child, children, parseXml, textOf, type XmlNode } from './xml';
import { unpackOffice } from './zip';

/** Column letters for a 1-based column number: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** 1-based column number of an A1 reference's letters: "I10" → 9. */
export function columnNumber(reference: string): number {
  const letters = /^[A-Z]+/i.exec(reference)?.[0]?.toUpperCase() ?? '';
  let n = 0;
  for (const char of letters) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/** A lone cell longer than this under a table is a note, even with numbers in it. */
const NOTE_LENGTH = 30;

/** Built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) || /m{3,}/i.test(bare);
}

/** A stored number as Excel's General format shows it: 15 significant digits, no float noise. */
export function displayNumber(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value) || raw.trim() === '') return raw;
  const shown = String(Number(value.toPrecision(15)));
  return shown;
}

/** An Excel serial date (1900 system) as an ISO date, with the time when it has one. */
function serialToIso(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return serial % 1 === 0 ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

function richText(node: XmlNode): string {
  const runs = children(node, 'r');
  if (runs.length > 0) return runs.map((run) => children(run, 't').map(textOf).join('')).join('');
  return children(node, 't').map(textOf).join('');
}

interface Workbook {
  sheets: { name: string; path: string }[];
  sharedStrings: string[];
  dateStyles: Set<number>;
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const part of parts)
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  return out.join('/');
}

function readWorkbook(files: Map<string, string>): Workbook {
  const workbookXml = files.get('xl/workbook.xml');
  if (!workbookXml) throw readFailure.corrupt('xl/workbook.xml is missing');
  const workbook = parseXml(workbookXml, ['sheet']);
  const rels = parseXml(files.get('xl/_rels/workbook.xml.rels') ?? '<Relationships/>', ['Relationship']);
  const targets = new Map(children(child(rels, 'Relationships'), 'Relationship').map((rel) => [attr(rel, 'Id'), attr(rel, 'Target') ?? '']));
  const sheets = children(child(child(workbook, 'workbook'), 'sheets'), 'sheet').map((sheet) => ({
    name: attr(sheet, 'name') ?? '',
    path: resolveTarget(targets.get(attr(sheet, 'id')) ?? ''),
  }));
  const sst = parseXml(files.get('xl/sharedStrings.xml') ?? '<sst/>', ['si', 'r', 't']);
  const sharedStrings = children(child(sst, 'sst'), 'si').map(richText);
  const styles = parseXml(files.get('xl/styles.xml') ?? '<styleSheet/>', ['numFmt', 'xf']);
  const styleSheet = child(styles, 'styleSheet');
  const customDates = new Set(
    children(child(styleSheet, 'numFmts'), 'numFmt')
      .filter((format) => isDateFormat(attr(format, 'formatCode') ?? ''))
      .map((format) => Number(attr(format, 'numFmtId'))),
  );
  const dateStyles = new Set<number>();
  children(child(styleSheet, 'cellXfs'), 'xf').forEach((xf, index) => {
    const id = Number(attr(xf, 'numFmtId') ?? 0);
    if (DATE_FORMAT_IDS.has(id) || customDates.has(id)) dateStyles.add(index);
  });
  return { sheets, sharedStrings, dateStyles };
}

function cellText(cell: XmlNode, book: Workbook): string {
  const type = attr(cell, 't') ?? 'n';
  const value = textOf(child(cell, 'v'));
  switch (type) {
    case 's':
      return book.sharedStrings[Number(value)] ?? '';
    case 'inlineStr':
      return richText(child(cell, 'is') ?? {});
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE';
    case 'str':
    case 'e':
      return value;
    default: {
      if (value === '') return '';
      const style = Number(attr(cell, 's') ?? 0);
      if (book.dateStyles.has(style) && Number.isFinite(Number(value))) return serialToIso(Number(value));
      return displayNumber(value);
    }
  }
}

interface SheetRow {
  row: number;
  cells: Map<number, string>;
}

function readRows(xml: string, book: Workbook): SheetRow[] {
  const sheet = parseXml(xml, ['row', 'c', 'r', 't']);
  const rows: SheetRow[] = [];
  let previous = 0;
  for (const row of children(child(child(sheet, 'worksheet'), 'sheetData'), 'row')) {
    const number = Number(attr(row, 'r') ?? previous + 1);
    previous = number;
    const cells = new Map<number, string>();
    let column = 0;
    for (const cell of children(row, 'c')) {
      const reference = attr(cell, 'r');
      column = reference ? columnNumber(reference) : column + 1;
      const text = cellText(cell, book);
      if (text !== '') cells.set(column, text);
    }
    if (cells.size > 0) rows.push({ row: number, cells });
  }
  return rows;
}

function sheetBlocks(name: string, rows: SheetRow[]): DocumentBlock[] {
  if (rows.length === 0) return [];
  // Loops, not Math.min(...all): a sheet may hold more cells than a call takes arguments.
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const row of rows)
    for (const column of row.cells.keys()) {
      first = Math.min(first, column);
      last = Math.max(last, column);
    }
  const letters = Array.from({ length: last - first + 1 }, (_, i) => columnLetters(first + i));
  const grid = rows.map((row) => letters.map((_, i) => row.cells.get(first + i) ?? ''));
  const paragraph = (row: SheetRow): DocumentBlock[] =>
    [...row.cells].map(([column, text]) => ({
      kind: 'paragraph',
      text,
      location: { sheet: name, row: row.row, cell: `${columnLetters(column)}${row.row}`, text },
    }));
  let widest = 0;
  for (const row of rows) widest = Math.max(widest, row.cells.size);
  const headerIndex = widest >= 2 ? detectHeaderRow(grid) : -1;
  const header = rows[headerIndex];
  const headerCells = grid[headerIndex];
  if (!header || !headerCells) return rows.flatMap(paragraph);
  const blocks: DocumentBlock[] = rows.slice(0, headerIndex).flatMap(paragraph);
  const tableRows: TableRow[] = [];
  const after: DocumentBlock[] = [];
  rows.slice(headerIndex + 1).forEach((row, offset) => {
    const cells = grid[headerIndex + 1 + offset] ?? [];
    if (isBlankRow(cells)) return;
    // A lone note under a wide table ("Notes: …", "1. Track class per …") is text, not a row.
    const lone = row.cells.size === 1 ? ([...row.cells.values()][0] ?? '') : null;
    if (lone !== null && letters.length >= 3 && (!hasNumber(lone) || lone.length > NOTE_LENGTH)) {
      after.push(...paragraph(row));
      return;
    }
    tableRows.push({
      cells,
      location: { sheet: name, row: row.row, cells: letters.map((letter) => `${letter}${row.row}`), text: cells.join(' | ') },
    });
  });
  blocks.push({
    kind: 'table',
    sheet: name,
    headerRow: header.row,
    columns: headerCells,
    units: headerCells.map(columnUnit),
    columnRefs: letters,
    rows: tableRows,
  });
  return [...blocks, ...after];
}

/**
 * Reads every sheet of an XLSX workbook: each sheet's table (the header row detected below any
 * title block) and the text around it, each cell with its sheet and A1 reference. Numbers are
 * shown as Excel's General format shows them; dates as ISO dates.
 */
export async function readXlsx(data: Uint8Array, options: { maxInflatedBytes?: number } = {}): Promise<DocumentContent> {
  const files = await unpackOffice(data, (name) => (name.startsWith('xl/') && name.endsWith('.xml')) || name.endsWith('.rels'), options.maxInflatedBytes);
  const book = readWorkbook(files);
  const blocks: DocumentBlock[] = [];
  for (const sheet of book.sheets) {
    const xml = files.get(sheet.path);
    if (xml === undefined) continue;
    blocks.push(...sheetBlocks(sheet.name, readRows(xml, book)));
  }
  return { type: 'xlsx', blocks };
}
