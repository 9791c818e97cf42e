import { TENS, UNITS } from '../../../lib/number-words';

/**
 * The quantities a sentence states, as engineers write them: `7 1/2 in.`, `7½ in`, `1/4 in.`,
 * `4 ft 8 1/2 in.`, `191 mm`, `60 mph`, `97 km/h`, `18 seconds`, `548 days`, `an 18-month cycle`,
 * `4°00′`, `fourteen crossties`, `twice weekly`, `once in each calendar year`. Each keeps its exact
 * text and offsets, the bound the words around it give it ("at least", "not more than", "up to")
 * and whether it only converts the figure before it ("7 1/2 in. (191 mm)").
 */

/** A quantity read from a sentence. */
export interface Quantity {
  value: number;
  /** A unit {@link toLimitUnit} knows: in, mm, ft, m, mph, km/h, deg, seconds, days, weeks, months, years, crossties, per week, … */
  unit: string;
  /** The exact text it was read from (a substring of the sentence). */
  text: string;
  start: number;
  end: number;
  /** "at least 9", "12 ft or more" → min; "up to 4 in.", "not more than 540 days", "does not exceed 1/4 in." → max. */
  bound?: 'min' | 'max';
  /** True for a figure in brackets that restates the one before it in another unit. */
  conversion?: boolean;
}

const VULGAR: Readonly<Record<string, number>> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅛': 0.125, '⅜': 0.375, '⅝': 0.625, '⅞': 0.875 };
/** Figures written out in words ("twelve crossties", "thirty days"). */
const WORDS: Readonly<Record<string, number>> = { ...UNITS, ...TENS };

/** Unit words as written → the unit name; the longest spellings first so that `inches` is not read as `in`. */
const UNIT_WORDS: readonly [RegExp, string][] = [
  [/^(?:inches|inch|in\.?(?![a-z])|"|″)/i, 'in'],
  [/^(?:millimet(?:er|re)s?|mm(?![a-z]))/i, 'mm'],
  [/^(?:centimet(?:er|re)s?|cm(?![a-z]))/i, 'cm'],
  [/^(?:miles per hour|mph(?![a-z])|m\.p\.h\.?)/i, 'mph'],
  [/^(?:km\/h|kph(?![a-z])|km\/hr|kilomet(?:er|re)s per hour)/i, 'km/h'],
  [/^(?:feet|foot|ft\.?(?![a-z])|′)/i, 'ft'],
  [/^(?:met(?:er|re)s?(?![a-z])|m(?![a-z/²³]))/i, 'm'],
  [/^(?:seconds?|secs?\.?(?![a-z])|s(?![a-z]))/i, 'seconds'],
  [/^(?:minutes?|min\.?(?![a-z]))/i, 'minutes'],
  [/^(?:hours?|hrs?\.?(?![a-z]))/i, 'hours'],
  [/^(?:calendar[ -])?days?(?![a-z])/i, 'days'],
  [/^weeks?(?![a-z])/i, 'weeks'],
  [/^months?(?![a-z])/i, 'months'],
  [/^years?(?![a-z])/i, 'years'],
  [/^(?:(?:effective|sound|good|non-defective|serviceable|new|timber|wood|concrete|hardwood)\s+){0,2}(?:cross)?ties(?![a-z])/i, 'crossties'],
  [/^(?:degrees?(?![a-z])|°(?!\s*[FC](?![a-z])))/i, 'deg'],
];

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\/\d)(?:(?:\s+|-)(\d+)\/(\d+)(?![\d/])|\s?([½¼¾⅛⅜⅝⅞]))?|(?<![\d/])(\d+)\/(\d+)(?![\d/])|([½¼¾⅛⅜⅝⅞])`;
const NUMBER_WORD = String.raw`\b(${Object.keys(WORDS).join('|')})\b`;

function numberOf(m: RegExpExecArray, at: number): number | undefined {
  const whole = m[at];
  if (whole !== undefined) {
    const base = Number(whole.replace(/,/g, ''));
    if (m[at + 1] !== undefined && m[at + 2] !== undefined) {
      if (whole.includes('.') || Number(m[at + 2]) === 0) return undefined;
      return base + Number(m[at + 1]) / Number(m[at + 2]);
    }
    return base + (m[at + 3] ? VULGAR[m[at + 3]!]! : 0);
  }
  if (m[at + 4] !== undefined && m[at + 5] !== undefined) return Number(m[at + 5]) === 0 ? undefined : Number(m[at + 4]) / Number(m[at + 5]);
  if (m[at + 6] !== undefined) return VULGAR[m[at + 6]!];
  return undefined;
}

/** Frequencies written in words ("twice weekly", "three times per week", "once in each calendar year", "monthly"). */
const FREQUENCIES: readonly [RegExp, (m: RegExpExecArray) => { value: number; unit: string }][] = [
  [
    /\b(once|twice|(?:one|two|three|four|five|six) times)\s+(?:in\s+|during\s+)?(?:a|per|each|every)\s+(calendar year|year|week|month)\b/gi,
    (m) => ({ value: timesOf(m[1]!), unit: periodOf(m[2]!) }),
  ],
  [/\b(once|twice|(?:one|two|three|four|five|six) times)\s+(weekly|monthly|yearly|annually)\b/gi, (m) => ({ value: timesOf(m[1]!), unit: periodOf(m[2]!) })],
  [/(?<!\b(?:once|twice|times)\s)\b(weekly|monthly|annually|yearly)\b/gi, (m) => ({ value: 1, unit: periodOf(m[1]!) })],
];

function timesOf(text: string): number {
  const t = text.toLowerCase();
  if (t === 'once') return 1;
  if (t === 'twice') return 2;
  return WORDS[t.split(' ')[0]!] ?? 1;
}
function periodOf(text: string): string {
  const t = text.toLowerCase();
  if (t.startsWith('week')) return 'per week';
  if (t.startsWith('month')) return 'per month';
  return 'per calendar year';
}

function unitAt(text: string, from: number): { unit: string; length: number } | undefined {
  const rest = text.slice(from);
  const gap = /^(?:\s?-\s?|\s{0,2})/.exec(rest)?.[0] ?? '';
  for (const [pattern, unit] of UNIT_WORDS) {
    const m = pattern.exec(rest.slice(gap.length));
    if (m) return { unit, length: gap.length + m[0].length };
  }
  return undefined;
}

const MIN_BEFORE = /(?:at least|not (?:be )?(?:less|fewer|shorter|lower) than|no less than|no fewer than|not fewer than|a minimum of|minimum of|min\.|≥)\s*$/i;
const MAX_BEFORE =
  /(?:up to|not (?:be )?(?:more|greater|larger|higher|longer) than|no (?:more|greater|larger|higher|longer) than|not to exceed|not exceed|does not exceed|will not exceed|shall not exceed|not exceeding|a maximum of|maximum of|at most|max\.|≤|limited to)\s*$/i;
const MIN_AFTER = /^\s*(?:or more|or greater|or longer|minimum)\b/i;
const MAX_AFTER = /^\s*(?:or less|or fewer|or shorter|maximum)\b/i;

function boundOf(text: string, start: number, end: number): Quantity['bound'] {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 20);
  if (MIN_BEFORE.test(before) || MIN_AFTER.test(after)) return 'min';
  if (MAX_BEFORE.test(before) || MAX_AFTER.test(after)) return 'max';
  return undefined;
}

/** Every quantity with a unit in `text`, in order. Numbers without a unit (mileposts, counts, years) are left out. */
export function findQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  const taken: [number, number][] = [];
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e);
  const add = (q: Omit<Quantity, 'text'>) => {
    if (!free(q.start, q.end)) return;
    taken.push([q.start, q.end]);
    found.push({ ...q, text: text.slice(q.start, q.end) });
  };

  // Feet and inches together: 4 ft 8 1/2 in., 4′8½″.
  const feetInches = new RegExp(String.raw`(?<![\d.,])(\d+)\s*(?:ft\.?|feet|foot|′|')\s*-?\s*(?:${NUMBER})\s*(?:in\.?(?![a-z])|inches|inch|″|")`, 'gi');
  for (let m = feetInches.exec(text); m; m = feetInches.exec(text)) {
    const inches = numberOf(m, 2);
    if (inches === undefined) continue;
    add({ value: Number(m[1]) * 12 + inches, unit: 'in', start: m.index, end: m.index + m[0].length });
  }
  // Degrees and minutes of curvature: 4°00′, 2° 30'.
  const degMin = /(?<![\d.])(\d+(?:\.\d+)?)\s*°\s*(\d{1,2}(?:\.\d+)?)\s*['′]/g;
  for (let m = degMin.exec(text); m; m = degMin.exec(text)) {
    add({ value: Number(m[1]) + Number(m[2]) / 60, unit: 'deg', start: m.index, end: m.index + m[0].length });
  }
  for (const [pattern, read] of FREQUENCIES) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) add({ ...read(m), start: m.index, end: m.index + m[0].length });
  }
  const numbers = new RegExp(String.raw`(?<![\w.,/°-])(?:${NUMBER})|${NUMBER_WORD}`, 'gi');
  for (let m = numbers.exec(text); m; m = numbers.exec(text)) {
    const value = m[8] !== undefined ? WORDS[m[8].toLowerCase()] : numberOf(m, 1);
    if (value === undefined) continue;
    const end = m.index + m[0].length;
    const unit = unitAt(text, end);
    if (!unit) continue;
    // Number words only count before a unit spelt out ("twelve feet"), never before an abbreviation or a symbol.
    if (m[8] !== undefined && !/^\s?-?\s?[a-z]{3,}/i.test(text.slice(end))) continue;
    add({ value, unit: unit.unit, start: m.index, end: end + unit.length });
  }
  // A bare number ranged with a quantity takes its unit: "56 to 57 1/2 in.", "between 30 and 45 seconds".
  const ranged = new RegExp(String.raw`(?<![\w.,/°-])(?:${NUMBER})(\s*(?:to|and|–|—|-)\s*)(?=\S)`, 'gi');
  for (let m = ranged.exec(text); m; m = ranged.exec(text)) {
    const value = numberOf(m, 1);
    const next = found.find((q) => q.start === m!.index + m![0].length);
    if (value === undefined || !next) continue;
    add({ value, unit: next.unit, start: m.index, end: m.index + m[0].length - m[8]!.length, bound: 'min' });
    next.bound ??= 'max';
  }
  found.sort((a, b) => a.start - b.start);
  for (const [i, q] of found.entries()) {
    const previous = found[i - 1];
    if (previous && /^\s*\(\s*(?:approx(?:imately|\.)?\s*|≈\s*)?$/.test(text.slice(previous.end, q.start))) q.conversion = true;
    const between = /\bbetween\s*$/i.test(text.slice(Math.max(0, q.start - 12), q.start));
    const next = found[i + 1];
    if (between && next && /^\s*(?:and|to|–|-)\s*$/.test(text.slice(q.end, next.start))) {
      q.bound = 'min';
      next.bound = 'max';
      continue;
    }
    q.bound ??= boundOf(text, q.start, q.end);
  }
  return found;
}

/** The one quantity a text states in full (the second pass re-reads a finding's value from its source text with it). */
export function readQuantity(text: string): Quantity | undefined {
  const trimmed = text.trim();
  const all = findQuantities(trimmed);
  return all.length === 1 && all[0]!.text === trimmed ? all[0] : undefined;
}
