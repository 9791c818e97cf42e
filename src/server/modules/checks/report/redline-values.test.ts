import { describe, expect, it } from 'vitest';
import type { FindingLocation } from '../../../../shared/schemas/checks';
import { limitInStatementStyle, parseLimit } from './limits';
import { describeLocation } from './locations';
import { statedNumbers, type StatedNumber } from './stated-numbers';
import { findValueInStatement, learnColumnIndexes, rowCells } from './value-in-statement';
import { countVerdicts, inReadingOrder } from './verdicts';
import { buildFinding } from './test-checks';

/** The characters a finding's value was found at in its statement. */
function struck(
  text: string,
  value: number | null,
  unit: string,
  options: { isCsv?: boolean; column?: string; columnIndex?: number } = {},
): string | undefined {
  const location: FindingLocation = { text, ...(options.column !== undefined ? { column: options.column } : {}) };
  const found = findValueInStatement({ value, unit, location }, { isCsv: options.isCsv ?? false, columnIndex: options.columnIndex });
  return found && text.slice(found.number.start, found.number.end);
}

describe('finding a stated value in its statement', () => {
  it('reads the ways documents write numbers', () => {
    const values = (text: string) => statedNumbers(text, { thousands: true }).map((n) => [n.value, n.style, n.unit?.text]);
    expect(values('7.5 in., 7 1/2 in, 7½", 1/4 in., 1,600 ft, 45 mph, 548 days, -1.5')).toEqual([
      [7.5, 'decimal', 'in'],
      [7.5, 'fraction', 'in'],
      [7.5, 'vulgar', '"'],
      [0.25, 'fraction', 'in'],
      [1600, 'decimal', 'ft'],
      [45, 'decimal', 'mph'],
      [548, 'decimal', 'days'],
      [-1.5, 'decimal', undefined],
    ]);
  });
  it('skips the digits of identifiers, degrees-minutes, ordinals and feet-inches', () => {
    expect(statedNumbers("C-05 RSTS-2024-0318 3°00' 4th 4′8″", { thousands: true })).toEqual([]);
  });
  it('finds each written form of a value in prose', () => {
    expect(struck('Superelevation shall not exceed 7.5 in. on curve C-05.', 7.5, 'in')).toBe('7.5');
    expect(struck('Superelevation of 7 1/2 in. is provided.', 7.5, 'in')).toBe('7 1/2');
    expect(struck('Superelevation of 7½ inches is provided.', 7.5, 'in')).toBe('7½');
    expect(struck('Rail end mismatch on the tread: 1/4 in. at joints.', 0.25, 'in')).toBe('1/4');
    expect(struck('Gage measured 57.69 in at MP 126.41.', 57.69, 'in')).toBe('57.69');
    expect(struck('Maximum freight speed 45 mph on Class 3 track.', 45, 'mph')).toBe('45');
    expect(struck('Inspected at intervals of up to 548 days.', 548, 'days')).toBe('548');
  });
  it('prefers the figure written with the value’s unit, and gives up where two could be meant', () => {
    const prose = 'Curve 4 of the yard: Eu 4 in. assumed.';
    expect(findValueInStatement({ value: 4, unit: 'in', location: { text: prose } }, { isCsv: false })?.number.start).toBe(prose.indexOf('4 in.'));
    expect(struck('Speeds of 60 mph freight and 60 mph passenger.', 60, 'mph')).toBeUndefined();
    expect(struck('Elevation 7 in. raised from 5 in.', 6, 'in')).toBeUndefined();
    expect(struck('Whatever the text says', null, 'in')).toBeUndefined();
  });
  it('takes a table row’s value from the cell that begins with it, not from words in another cell', () => {
    const row = 'C-27,L,139.93,140.16,3°30\',23,280,657,4.5,114,3,40,60,3,5,"Series 300 — Eu 5 in., FRA application pending",Series 300 speed governs';
    const found = findValueInStatement({ value: 5, unit: 'in', location: { text: row, column: 'Cant deficiency assumed passenger (in)' } }, { isCsv: true });
    expect(found?.cellIndex).toBe(14);
    expect(row.slice(found!.number.start, found!.number.end)).toBe('5');
    expect(row.slice(0, found!.number.start)).toBe("C-27,L,139.93,140.16,3°30',23,280,657,4.5,114,3,40,60,3,");
  });
  it('tells two equal cells apart by the column learnt from the other rows', () => {
    const rows = ['C-01,4,60,79', 'C-11,4,60,60'];
    const findings = rows.flatMap((text) => [
      { value: 60, unit: 'mph', location: { text, column: 'Freight (mph)' } },
      { value: text.endsWith('79') ? 79 : 60, unit: 'mph', location: { text, column: 'Passenger (mph)' } },
    ]);
    const learnt = learnColumnIndexes(findings, true);
    expect([...learnt.values()]).toEqual([2, 3]);
    expect(struck('C-11,4,60,60', 60, 'mph', { isCsv: true, column: 'Freight (mph)' })).toBeUndefined();
    const freight = findValueInStatement(
      { value: 60, unit: 'mph', location: { text: 'C-11,4,60,60', column: 'Freight (mph)' } },
      { isCsv: true, columnIndex: 2 },
    );
    expect(freight?.number.start).toBe(7);
    const passenger = findValueInStatement(
      { value: 60, unit: 'mph', location: { text: 'C-11,4,60,60', column: 'Passenger (mph)' } },
      { isCsv: true, columnIndex: 3 },
    );
    expect(passenger?.number.start).toBe(10);
  });
  it('splits rows as the readers wrote them', () => {
    expect(rowCells('a,"b, ""c""",d', true).map((c) => c.text)).toEqual(['a', 'b, ""c""', 'd']);
    expect(rowCells('C-05 | R | 7.25 | ', false).map((c) => [c.text, c.start])).toEqual([
      ['C-05', 0],
      ['R', 7],
      ['7.25', 11],
      ['', 18],
    ]);
  });
});

describe('the limit to insert', () => {
  const stated = (text: string): StatedNumber => statedNumbers(text, { thousands: true })[0]!;
  it('reads fixed and Vmax limits', () => {
    expect(parseLimit('≤ 7 in')).toEqual({ comparator: '≤', value: 7, unit: 'in' });
    expect(parseLimit('≥ 56 in')).toEqual({ comparator: '≥', value: 56, unit: 'in' });
    expect(parseLimit('≤ Vmax 56.7 mph = Vmax = √((Ea + Eu)/(0.0007·D)) with Ea 5 in., Eu 4 in. (FRA-approved vehicle type), D 4°')).toEqual({
      comparator: '≤',
      value: 56.7,
      unit: 'mph',
    });
    expect(parseLimit('≥ 1 per calendar year')).toEqual({ comparator: '≥', value: 1, unit: 'per calendar year' });
    expect(parseLimit('each calendar year')).toBeUndefined();
  });
  it('writes it the way the statement writes its value', () => {
    expect(limitInStatementStyle(parseLimit('≤ 7 in')!, 'in', stated('7.25'))).toEqual({ text: '7', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 57.5 in')!, 'in', stated('57.69'))).toEqual({ text: '57.5', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 1.25 in')!, 'in', stated('1 3/8'))).toEqual({ text: '1 1/4', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 0.1875 in')!, 'in', stated('1/4'))).toEqual({ text: '3/16', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 7 in')!, 'in', stated('7½'))).toEqual({ text: '7', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 1.5 in')!, 'in', stated('1¾'))).toEqual({ text: '1½', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ Vmax 56.7 mph = …')!, 'mph', stated('60'))).toEqual({ text: '56.7', withUnit: false });
  });
  it('converts to the statement’s unit, rounding to the safe side', () => {
    expect(limitInStatementStyle(parseLimit('≤ 7 in')!, 'mm', stated('184'))).toEqual({ text: '177', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≥ 56 in')!, 'mm', stated('1420.5'))).toEqual({ text: '1422.4', withUnit: false });
    expect(limitInStatementStyle(parseLimit('≤ 40 mph')!, 'km/h', stated('72'))).toEqual({ text: '64', withUnit: false });
  });
  it('writes the unit where the statement’s does not convert to the limit’s', () => {
    expect(limitInStatementStyle(parseLimit('≤ 540 days')!, 'months', stated('18'))).toEqual({ text: '540 days', withUnit: true });
  });
});

describe('locations and counts', () => {
  it('names every kind of location in words', () => {
    expect(describeLocation({ page: 4, line: 12, text: '' }, 'pdf')).toBe('page 4, line 12');
    expect(describeLocation({ sheet: 'Curve Schedule', row: 10, cell: 'I10', text: '' }, 'xlsx')).toBe('sheet Curve Schedule, cell I10');
    expect(describeLocation({ line: 6, row: 6, text: '' }, 'csv')).toBe('CSV line 6');
    expect(describeLocation({ entity: '#135', text: '' }, 'ifc')).toBe('IFC entity #135');
    expect(describeLocation({ entity: '135', text: '' }, 'ifc')).toBe('IFC entity #135');
    expect(describeLocation({ row: 3, text: '' }, 'docx')).toBe('table row 3');
    expect(describeLocation({ page: 2, row: 3, text: '' }, 'pdf')).toBe('page 2, table row 3');
    expect(describeLocation({ line: 40, text: '' }, 'dxf')).toBe('line 40');
    expect(describeLocation({ text: 'x' }, 'docx')).toBe('location not recorded');
  });
  it('counts the reviewer’s verdict where there is one', () => {
    const review = (verdict: 'conforms' | 'needs_review' | 'non_conformance') => ({ verdict, note: 'n', by: 'R', at: '2026-07-01T00:00:00Z' });
    const findings = [
      buildFinding(),
      buildFinding({ reviewer: review('conforms') }),
      buildFinding({ verdict: 'conforms' }),
      buildFinding({ verdict: 'needs_review', reviewer: review('non_conformance') }),
      buildFinding({ verdict: 'needs_review', reviewer: review('needs_review') }),
    ];
    expect(countVerdicts({ findings })).toEqual({ nonConformances: 2, conforms: 2, needsReview: 1, overridden: 2 });
    expect(inReadingOrder(findings).map((f) => f.id)).toEqual([findings[0]!.id, findings[3]!.id, findings[4]!.id, findings[1]!.id, findings[2]!.id]);
  });
});
