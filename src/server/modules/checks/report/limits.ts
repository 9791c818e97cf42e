import { normaliseUnit, toLimitUnit } from '../engine/values';
import { canonicalUnit, type StatedNumber } from './stated-numbers';

export type LimitComparator = '≤' | '<' | '≥' | '>';

/** A finding's limit read back from its words. */
export interface ParsedLimit {
  comparator: LimitComparator;
  value: number;
  unit: string;
}

/**
 * Reads the limit the engine wrote in words: "≤ 7 in", "≥ 56 in", "≤ 1 per calendar year", and
 * a curving-speed limit "≤ Vmax 56.7 mph = √(…) with Ea 5 in., …" whose figure is the Vmax.
 */
export function parseLimit(limit: string): ParsedLimit | undefined {
  const m = /^\s*(≤|≥|<=|>=|<|>)\s*(?:Vmax\s+)?(-?\d+(?:\.\d+)?)\s*([^=(]*?)\s*(?:=|\(|$)/u.exec(limit);
  if (!m) return undefined;
  const comparator = ({ '<=': '≤', '>=': '≥' } as Record<string, LimitComparator>)[m[1]!] ?? (m[1] as LimitComparator);
  return { comparator, value: Number(m[2]), unit: m[3]!.trim() };
}

const VULGAR_BY_SIXTEENTHS: Readonly<Record<number, string>> = { 2: '⅛', 4: '¼', 6: '⅜', 8: '½', 10: '⅝', 12: '¾', 14: '⅞' };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 7.25 → "7 1/4" (or "7¼"); undefined where the value is no whole number of sixteenths. */
function asFraction(value: number, vulgar: boolean): string | undefined {
  const sixteenths = Math.round(Math.abs(value) * 16);
  if (Math.abs(Math.abs(value) * 16 - sixteenths) > 1e-9) return undefined;
  const sign = value < 0 ? '-' : '';
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return `${sign}${whole}`;
  const glyph = vulgar ? VULGAR_BY_SIXTEENTHS[rest] : undefined;
  if (glyph) return `${sign}${whole === 0 ? '' : whole}${glyph}`;
  const d = gcd(rest, 16);
  const fraction = `${rest / d}/${16 / d}`;
  return `${sign}${whole === 0 ? '' : `${whole} `}${fraction}`;
}

/** A number without trailing zeros, at most three decimals (as the engine's messages print them). */
function asDecimal(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * Rounds a converted limit to the precision the document writes, towards the safe side: a
 * maximum of 177.8 mm, written to whole millimetres, becomes 177, never 178.
 */
function roundSafe(value: number, comparator: LimitComparator, step: number): number {
  const steps = value / step;
  const rounded = comparator === '≤' || comparator === '<' ? Math.floor(steps + 1e-9) : Math.ceil(steps - 1e-9);
  return rounded * step;
}

/**
 * Months and years compare with days by their calendar averages, which is fair for a verdict but
 * not for a figure to write: 540 days is not "17 months", so such a limit is inserted in its own unit.
 */
const CALENDAR_UNITS = new Set(['months', 'years']);

/** What the redline inserts for a limit, and whether that text carries its own unit. */
export interface InsertedLimit {
  text: string;
  /** True when the unit had to be written (the statement's unit is not the limit's and converts to none): the stated unit is struck with the value. */
  withUnit: boolean;
}

/**
 * The limit written the way the statement writes its value: in the statement's unit (converted
 * where the statement uses millimetres or km/h), and in its notation ("7 1/2", "7½", "7.5"), so
 * the inserted text reads as the document would have stated a conforming value.
 */
export function limitInStatementStyle(limit: ParsedLimit, statedUnit: string, number: StatedNumber): InsertedLimit {
  const stated = canonicalUnit(statedUnit);
  let value: number;
  let precise: boolean;
  if (stated === canonicalUnit(limit.unit)) {
    value = limit.value;
    precise = true;
  } else {
    const normalised = normaliseUnit(statedUnit);
    const factor = normalised && !CALENDAR_UNITS.has(normalised) ? toLimitUnit(1, normalised) : undefined;
    if (!factor || canonicalUnit(factor.unit) !== canonicalUnit(limit.unit)) {
      return { text: `${asDecimal(limit.value)}${limit.unit ? ` ${limit.unit}` : ''}`, withUnit: true };
    }
    value = limit.value / factor.value;
    precise = false;
  }
  if (number.style !== 'decimal') {
    const text = asFraction(precise ? value : roundSafe(value, limit.comparator, 1 / 16), number.style === 'vulgar');
    if (text !== undefined) return { text, withUnit: false };
  }
  if (precise) return { text: asDecimal(value), withUnit: false };
  const step = 10 ** -number.decimals;
  return { text: roundSafe(value, limit.comparator, step).toFixed(number.decimals), withUnit: false };
}
