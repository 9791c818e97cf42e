import { TENS, UNITS } from '../../lib/number-words';
/**
 * Figures written out in words, as regulations write them ("three-eighths of an inch", "one
 * and one-half inches", "twenty-four hours"), as digits, so an answer's first line shows the
 * figure an engineer looks for: "3/8 inch", "1 1/2 inches", "24 hours".
 */

const DENOMINATORS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fourth: 4,
  fourths: 4,
  fifth: 5,
  fifths: 5,
  sixth: 6,
  sixths: 6,
  eighth: 8,
  eighths: 8,
  tenth: 10,
  tenths: 10,
  sixteenth: 16,
  sixteenths: 16,
  thirtysecond: 32,
  thirtyseconds: 32,
};

const CARDINAL = `(?:(?:${Object.keys(TENS).join('|')})(?:[- ](?:${Object.keys(UNITS).slice(0, 9).join('|')}))?|${Object.keys(UNITS).join('|')})`;
const FRACTION = `(?:(?:one|a)|${CARDINAL})[- ](?:${Object.keys(DENOMINATORS).join('|')})`;
/** What a written-out whole number must count to be rewritten: "one bolt", not "the one thing". */
const MEASURE =
  '(?:inch|inches|foot|feet|yard|yards|mile|miles|hour|hours|day|days|week|weeks|month|months|year|years|minute|minutes|second|seconds|percent|degree|degrees|pound|pounds|ton|tons|car|cars|bolt|bolts|time|times|crossties?|locomotives?|calendar|consecutive|successive|inspections?|tests?|persons?|employees?)';
const NUMBER = new RegExp(`\\b(${FRACTION})\\b|\\b(${CARDINAL})(?:\\s+and\\s+(${FRACTION}))?(?=[- ]${MEASURE}\\b)`, 'gi');

function cardinal(words: string): number {
  const [tens, unit] = words.toLowerCase().split(/[- ]/);
  if (tens && TENS[tens] !== undefined) return TENS[tens] + (unit ? (UNITS[unit] ?? 0) : 0);
  return UNITS[words.toLowerCase()] ?? NaN;
}

function fraction(words: string): string {
  const parts = words.toLowerCase().split(/[- ]/);
  const denominator = DENOMINATORS[parts.at(-1)!];
  const numerator = parts.length === 2 && (parts[0] === 'a' || parts[0] === 'one') ? 1 : cardinal(parts.slice(0, -1).join('-'));
  return `${numerator}/${denominator}`;
}

/** Written-out figures as digits: "three-eighths of an inch" → "3/8 of an inch", "one and one-half" → "1 1/2". */
export function withDigits(text: string): string {
  return text
    .replace(NUMBER, (match, alone: string | undefined, whole: string | undefined, part: string | undefined) => {
      if (alone) return fraction(alone);
      const n = cardinal(whole!);
      if (Number.isNaN(n)) return match;
      return part ? `${n} ${fraction(part)}` : String(n);
    })
    .replace(/\b(\d+\/\d+) of an? (inch|foot|mile|hour)\b/g, '$1 $2');
}
