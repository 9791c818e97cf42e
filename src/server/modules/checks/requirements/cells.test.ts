import { describe, expect, it } from 'vitest';
import { parseFeetInches, parseMixedNumber, readCell } from './cells';

describe('table cells', () => {
  it('reads whole numbers, fractions and mixed numbers', () => {
    expect(parseMixedNumber('40')).toBe(40);
    expect(parseMixedNumber('1 3/4')).toBe(1.75);
    expect(parseMixedNumber('3/16')).toBe(0.1875);
    expect(parseMixedNumber('0.5')).toBe(0.5);
    expect(parseMixedNumber('sixty')).toBeUndefined();
    expect(parseMixedNumber('')).toBeUndefined();
  });

  it('reads feet and inches as inches', () => {
    expect(parseFeetInches('4′8″')).toBe(56);
    expect(parseFeetInches('4′10 1/4″')).toBe(58.25);
    expect(parseFeetInches('3/4″')).toBe(0.75);
    expect(parseFeetInches('4 ft')).toBeUndefined();
  });

  it('drops footnote marks and a closing period, and tells N/A from an unreadable cell', () => {
    expect(readCell('4′10 1/4″.', 'feet-inches')).toEqual({ kind: 'number', value: 58.25 });
    expect(readCell('³ 4′6 1/2″', 'feet-inches')).toEqual({ kind: 'number', value: 54.5 });
    expect(readCell('3 ²', 'number')).toEqual({ kind: 'number', value: 3 });
    expect(readCell('160 m.p.h.²', 'speed')).toEqual({ kind: 'number', value: 160 });
    expect(readCell('³ N/A', 'number')).toEqual({ kind: 'not-applicable' });
    expect(readCell('N/A¹', 'number')).toEqual({ kind: 'not-applicable' });
    expect(readCell('about 5', 'number')).toEqual({ kind: 'unreadable', text: 'about 5' });
  });
});
