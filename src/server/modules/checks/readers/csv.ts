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
 * Splits CSV text (RFC 4180: quoted cells, "" inside quotes, line breaks inside quotes) into
 * records, keeping the physical line each starts on. A leading BOM is dropped.
 */
export function parseCsvRecords(input: string, delimiter: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let start = 0;
  const finish = (end: number) => {
    cells.push(cell);
    records.push({ cells, line: startLine, text: text.slice(start, end).replace(/\r$/, '') });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      finish(i);
      line++;
      startLine = line;
      start = i + 1;
    } else if (char !== '\r' || text[i + 1] !== '\n') {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) finish(text.length);
  return records;
}

/** The delimiter that splits the first lines into the same number (≥ 2) of cells most often. */
export function detectDelimiter(text: string): string | null {
  const sample = text.split('\n', 20).filter((line) => line.trim() !== '');
  let best: { delimiter: string; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = parseCsvRecords(sample.join('\n'), delimiter).map((record) => record.cells.length);
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
