/**
 * Reading the numbers of CFR table cells as the library holds them: `40`, `1 3/4`, `3/4`,
 * `4′9 1/2″.`, `³ N/A`, `110 m.p.h.²`. Footnote marks and a closing period are dropped;
 * anything else that is not a number is not read (the requirement is then disabled).
 */

export type CellFormat = 'number' | 'feet-inches' | 'speed';

export type CellValue = { kind: 'number'; value: number } | { kind: 'not-applicable' } | { kind: 'unreadable'; text: string };

const FOOTNOTES = /[\u00b9\u00b2\u00b3\u2070-\u2079*]/g;

/** `1 3/4` → 1.75, `3/4` → 0.75, `40` → 40, `0.5` → 0.5; undefined for anything else. */
export function parseMixedNumber(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)?(?:\s*(\d+)\/(\d+))?$/.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const whole = m[1] === undefined ? 0 : Number(m[1]);
  const fraction = m[2] === undefined ? 0 : Number(m[2]) / Number(m[3]);
  if (m[1]?.includes('.') && m[2] !== undefined) return undefined;
  return whole + fraction;
}

/** `4′8″` → 56 (inches), `4′10 1/4″` → 58.25, `3/4″` → 0.75. */
export function parseFeetInches(text: string): number | undefined {
  const m = /^(?:(\d+)\s*[′'])?\s*([\d\s/.]+)?\s*[″"]$/.exec(text.trim());
  if (!m) return undefined;
  const feet = m[1] === undefined ? 0 : Number(m[1]);
  const inches = m[2] === undefined ? 0 : parseMixedNumber(m[2]);
  if (inches === undefined || (m[1] === undefined && m[2] === undefined)) return undefined;
  return feet * 12 + inches;
}

/** One table cell's value in the format its column is written in. */
export function readCell(raw: string, format: CellFormat): CellValue {
  const text = raw.replace(FOOTNOTES, '').replace(/\.$/, '').trim();
  if (/^N\/A$/i.test(text)) return { kind: 'not-applicable' };
  let value: number | undefined;
  if (format === 'feet-inches') value = parseFeetInches(text);
  else if (format === 'speed') value = parseMixedNumber(text.replace(/\s*m\.p\.h$/i, '').replace(/\s*mph$/i, ''));
  else value = parseMixedNumber(text);
  return value === undefined ? { kind: 'unreadable', text: raw } : { kind: 'number', value };
}
