import type { CheckFinding } from '../../../../shared/schemas/checks';
import { canonicalUnit, sameNumber, statedNumbers, type StatedNumber } from './stated-numbers';

/** A cell of a table row's text, with where its content stands in the row. */
export interface RowCell {
  start: number;
  end: number;
  text: string;
}

/**
 * The cells of a row as the readers wrote its text: a CSV record as written (quoted cells
 * unquoted in place, so positions still point into the record), otherwise cells joined by " | ".
 */
export function rowCells(row: string, isCsv: boolean): RowCell[] {
  if (!isCsv) {
    const cells: RowCell[] = [];
    let start = 0;
    for (const text of row.split(' | ')) {
      cells.push({ start, end: start + text.length, text });
      start += text.length + 3;
    }
    return cells;
  }
  const cells: RowCell[] = [];
  let i = 0;
  for (;;) {
    if (row[i] === '"') {
      // Up to the closing quote; a doubled quote is a quote inside the cell.
      let close = i + 1;
      while (close < row.length && !(row[close] === '"' && row[close + 1] !== '"')) close += row[close] === '"' ? 2 : 1;
      cells.push({ start: i + 1, end: close, text: row.slice(i + 1, close) });
      const comma = row.indexOf(',', close);
      if (comma < 0) return cells;
      i = comma + 1;
    } else {
      const comma = row.indexOf(',', i);
      const end = comma < 0 ? row.length : comma;
      cells.push({ start: i, end, text: row.slice(i, end) });
      if (comma < 0) return cells;
      i = comma + 1;
    }
  }
}

type Sought = Pick<CheckFinding, 'value' | 'unit' | 'location'>;

/** Numbers equal to the finding's value whose unit, where one is written, is the finding's. */
function matching(numbers: StatedNumber[], sought: Sought & { value: number }): { withUnit: StatedNumber[]; bare: StatedNumber[] } {
  const unit = canonicalUnit(sought.unit);
  const equal = numbers.filter((n) => sameNumber(n.value, sought.value));
  return {
    withUnit: equal.filter((n) => n.unit && unit !== '' && canonicalUnit(n.unit.text) === unit),
    bare: equal.filter((n) => !n.unit),
  };
}

/** The one number of prose equal to the value: one written with the value's unit, else one written bare; none when two could be meant. */
function inProse(text: string, sought: Sought & { value: number }, thousands: boolean): StatedNumber | undefined {
  const { withUnit, bare } = matching(statedNumbers(text, { thousands }), sought);
  if (withUnit.length > 0) return withUnit.length === 1 ? withUnit[0] : undefined;
  return bare.length === 1 ? bare[0] : undefined;
}

/** The value where a cell begins with it ("7.25", "60 mph (97 km/h)"); a number inside a cell's words ("Eu 4 in.") is another statement. */
function leadingValue(cell: RowCell, sought: Sought & { value: number }): StatedNumber | undefined {
  const numbers = statedNumbers(cell.text, { thousands: true, offset: cell.start });
  const first = numbers[0];
  if (!first || cell.text.slice(0, first.start - cell.start).trim() !== '') return undefined;
  const { withUnit, bare } = matching([first], sought);
  return withUnit[0] ?? bare[0];
}

export interface ValueInStatement {
  number: StatedNumber;
  /** For a table row: the cell it stands in. */
  cellIndex?: number;
}

/**
 * Where a finding's value is written in its statement (`location.text`), or undefined when it
 * cannot be told for certain — then the redline quotes the statement unchanged rather than
 * strike the wrong figure. A table row's value is the cell that begins with it; where two cells
 * hold the same figure ("…,60,60,…"), `columnIndex` (learnt from the row's other findings)
 * says which.
 */
export function findValueInStatement(finding: Sought, options: { isCsv: boolean; columnIndex?: number }): ValueInStatement | undefined {
  if (finding.value === null) return undefined;
  const sought = { ...finding, value: finding.value };
  const text = finding.location.text;
  if (finding.location.column !== undefined) {
    const cells = rowCells(text, options.isCsv);
    const candidates = cells.flatMap((cell, cellIndex) => {
      const number = leadingValue(cell, sought);
      return number ? [{ number, cellIndex }] : [];
    });
    if (candidates.length === 1) return candidates[0];
    if (candidates.length > 1) return candidates.find((c) => c.cellIndex === options.columnIndex);
  }
  const number = inProse(text, sought, !(options.isCsv && finding.location.column !== undefined));
  return number ? { number } : undefined;
}

/**
 * Which cell each column's values stand in, learnt from the findings whose value only one cell
 * of their row holds; a column whose findings disagree (two tables sharing a title) gets none.
 */
export function learnColumnIndexes(findings: readonly Sought[], isCsv: boolean): Map<string, number> {
  const seen = new Map<string, Set<number>>();
  for (const finding of findings) {
    if (finding.location.column === undefined) continue;
    const found = findValueInStatement(finding, { isCsv });
    if (found?.cellIndex === undefined) continue;
    const key = columnKey(finding);
    const indexes = seen.get(key) ?? new Set<number>();
    indexes.add(found.cellIndex);
    seen.set(key, indexes);
  }
  const learnt = new Map<string, number>();
  for (const [key, indexes] of seen) if (indexes.size === 1) learnt.set(key, [...indexes][0]!);
  return learnt;
}

/** A column's identity: its title within its sheet or page. */
export function columnKey(finding: Sought): string {
  const l = finding.location;
  return JSON.stringify([l.sheet ?? '', l.page ?? '', l.column ?? '']);
}
