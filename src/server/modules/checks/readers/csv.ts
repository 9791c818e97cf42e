import { parse } from 'csv-parse/sync';
import type { DocumentContent, TableRow } from '../../../../shared/schemas/document-content';
import { readFailure } from './errors';
import { columnUnit, detectHeaderRow, fitRow, isBlankRow } from './tables';

/** One CSV record: its cells, the physical line it starts on, and its text as written. */
export interface CsvRecord {
  cells: string[];
  line: number;
  text: string;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * Splits CSV text (RFC 4180, with csv-parse) into records, keeping the physical line each starts
 * on and its text as written. A leading BOM is dropped; a stray quote inside a cell is kept as text.
 */
export function parseCsvRecords(input: string, delimiter: string): CsvRecord[] {
  const source = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let parsed: { record: string[]; raw: string }[];
  try {
    // With `raw: true` csv-parse returns { record, raw } per record; its typings only declare string[][].
    parsed = parse(source, { delimiter, raw: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }) as unknown as typeof parsed;
  } catch (error) {
    throw readFailure.corrupt(error instanceof Error ? error.message : 'the CSV could not be parsed');
  }
  // Each record's raw text stands in the source as written: its offset gives its first line.
  let start = 0;
  let end = 0;
  let line = 1;
  return parsed.map(({ record, raw }) => {
    const text = raw.replace(/\r?\n?$/, '');
    // An empty line has no text to find: it starts after the line break that ends the last one.
    const at = text === '' ? end + (/^(\r\n|\n|\r)/.exec(source.slice(end, end + 2))?.[0].length ?? 0) : source.indexOf(text, end);
    line += lineBreaks(source.slice(start, at));
    start = at;
    end = at + text.length;
    return { cells: record, line, text };
  });
}

/** Line breaks in `text`: \r\n, \n or a lone \r each count once. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/** The delimiter that splits the first lines into the same number (≥ 2) of cells most often. */
export function detectDelimiter(text: string): string | null {
  const sample = text.split('\n', 20).filter((line) => line.trim() !== '');
  let best: { delimiter: string; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    let counts: number[];
    try {
      counts = parseCsvRecords(sample.join('\n'), delimiter).map((record) => record.cells.length);
    } catch {
      continue; // the sample may end inside a quoted cell
    }
    const widest = Math.max(0, ...counts);
    if (widest < 2) continue;
    const score = counts.filter((count) => count === widest).length * widest;
    if (!best || score > best.score) best = { delimiter, score };
  }
  return best?.delimiter ?? null;
}

/**
 * Reads a CSV file as one table. The header row is detected (a title line above it is allowed);
 * each row keeps the line it starts on (line 1 = the first line of the file) and its text as written.
 */
export function readCsv(text: string): DocumentContent {
  const delimiter = detectDelimiter(text);
  if (!delimiter) throw readFailure.unsupported('no delimiter splits the lines into columns');
  const records = parseCsvRecords(text, delimiter).filter((record) => !isBlankRow(record.cells));
  const headerIndex = detectHeaderRow(records.map((record) => record.cells));
  const header = records[headerIndex];
  if (!header) throw readFailure.empty();
  const columns = header.cells.map((cell) => cell.trim());
  const width = columns.length;
  const rows: TableRow[] = records.slice(headerIndex + 1).map((record) => ({
    cells: fitRow(record.cells, width),
    location: { row: record.line, line: record.line, text: record.text },
  }));
  const titles = records.slice(0, headerIndex).map((record) => ({
    kind: 'paragraph' as const,
    text: record.cells.filter((cell) => cell.trim() !== '').join(' '),
    location: { line: record.line, text: record.text },
  }));
  return {
    type: 'csv',
    blocks: [...titles, { kind: 'table', headerRow: header.line, columns, units: columns.map(columnUnit), rows }],
  };
}
