/**
 * Numbers as a statement writes them — "7.5", "7 1/2", "7½", "1/4", "1,600", "45 mph",
 * "548 days" — each with where it stands, so the redline can strike exactly the characters the
 * document used for a finding's value and nothing else.
 */

export type NumberStyle = 'decimal' | 'fraction' | 'vulgar';

/** A number written in a statement: `start`/`end` cover the number alone; `unit` the unit written right after it, if any. */
export interface StatedNumber {
  start: number;
  end: number;
  value: number;
  style: NumberStyle;
  /** Digits after the decimal point as written (0 for fractions). */
  decimals: number;
  unit?: { start: number; end: number; text: string };
}

const VULGAR_FRACTIONS: Readonly<Record<string, number>> = { '¼': 0.25, '½': 0.5, '¾': 0.75, '⅛': 0.125, '⅜': 0.375, '⅝': 0.625, '⅞': 0.875 };
const VULGAR = Object.keys(VULGAR_FRACTIONS).join('');

const UNIT =
  String.raw`inches|inch|in|mm|cm|ft|feet|foot|mph|km\/h|kph|days|day|hours|hour|hrs|hr|seconds|second|sec|s|` +
  String.raw`months|month|weeks|week|degrees|degree|deg|°|percent|%|ohms|"|″|m`;

function numberPattern(thousands: boolean): RegExp {
  const forms = [
    String.raw`\d+[ \u00a0]+\d+\/\d+`,
    String.raw`\d+[ \u00a0]?[${VULGAR}]`,
    String.raw`\d+\/\d+`,
    // Off for a raw CSV record, where "4,102" is two cells, not four thousand.
    ...(thousands ? [String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?`] : []),
    String.raw`\d+(?:\.\d+)?`,
    `[${VULGAR}]`,
  ];
  return new RegExp(
    // Not the tail of an identifier or a longer number: "C-05", "RSTS-2024", "117.25", "3/4", the minutes of "3°00'".
    String.raw`(?<![\p{L}\p{N}._\/°′])(?<![\p{L}\p{N}][-–])([-−]?)(${forms.join('|')})` +
      String.raw`(?:([ \u00a0]?)(${UNIT})(?![\p{L}\p{N}]))?` +
      // Not the head of a longer token: "4th", "3°00'" (degrees and minutes), "4′8″" (feet and inches).
      String.raw`(?![\p{L}\p{N}°′'″"${VULGAR}]|[.\/]\p{N})`,
    'gu',
  );
}

function valueOf(sign: string, text: string): { value: number; style: NumberStyle; decimals: number } {
  const negative = sign !== '' ? -1 : 1;
  const mixed = /^(\d+)[ \u00a0]+(\d+)\/(\d+)$/.exec(text);
  if (mixed) return { value: negative * (Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3])), style: 'fraction', decimals: 0 };
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return { value: negative * (Number(fraction[1]) / Number(fraction[2])), style: 'fraction', decimals: 0 };
  const vulgar = /^(\d*)[ \u00a0]?(.)$/u.exec(text);
  if (vulgar && vulgar[2]! in VULGAR_FRACTIONS) {
    return { value: negative * (Number(vulgar[1] || 0) + VULGAR_FRACTIONS[vulgar[2]!]!), style: 'vulgar', decimals: 0 };
  }
  const plain = text.replace(/,/g, '');
  return { value: negative * Number(plain), style: 'decimal', decimals: plain.split('.')[1]?.length ?? 0 };
}

/** Every number `text` states, in order; `offset` is added to the positions (for a cell inside a row). */
export function statedNumbers(text: string, options: { thousands: boolean; offset?: number }): StatedNumber[] {
  const offset = options.offset ?? 0;
  const found: StatedNumber[] = [];
  for (const m of text.matchAll(numberPattern(options.thousands))) {
    const sign = m[1] ?? '';
    const written = m[2] ?? '';
    const parsed = valueOf(sign, written);
    // A zero denominator ("1/0") is no number.
    if (!Number.isFinite(parsed.value)) continue;
    const start = offset + m.index;
    const end = start + sign.length + written.length;
    const number: StatedNumber = { start, end, ...parsed };
    if (m[4] !== undefined) {
      const unitStart = end + (m[3] ?? '').length;
      number.unit = { start: unitStart, end: unitStart + m[4].length, text: m[4] };
    }
    found.push(number);
  }
  return found;
}

const UNIT_NAMES: Readonly<Record<string, string>> = {
  in: 'in',
  'in.': 'in',
  inch: 'in',
  inches: 'in',
  '"': 'in',
  '″': 'in',
  ft: 'ft',
  'ft.': 'ft',
  feet: 'ft',
  foot: 'ft',
  '′': 'ft',
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  metres: 'm',
  meters: 'm',
  mph: 'mph',
  'km/h': 'km/h',
  kph: 'km/h',
  kmh: 'km/h',
  day: 'days',
  days: 'days',
  hour: 'hours',
  hours: 'hours',
  hr: 'hours',
  hrs: 'hours',
  s: 'seconds',
  sec: 'seconds',
  second: 'seconds',
  seconds: 'seconds',
  month: 'months',
  months: 'months',
  week: 'weeks',
  weeks: 'weeks',
  '°': 'deg',
  deg: 'deg',
  degree: 'deg',
  degrees: 'deg',
  '%': 'percent',
  percent: 'percent',
  ohms: 'ohms',
};

/** One name per unit however it is written ("in.", "inches", "″" → "in"); the text itself, lower-cased, for one it does not know. */
export function canonicalUnit(unit: string): string {
  const u = unit.trim().toLowerCase();
  return UNIT_NAMES[u] ?? u;
}

/** True when two numbers are the same value as written (7 1/4 and 7.25). */
export function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}
