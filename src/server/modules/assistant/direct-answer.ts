import { namedTrackClasses } from '../standards/search';
import type { TableRow } from './clause-sentences';
import { withDigits } from './number-words';
import type { ListItem } from './pinpoint';

/**
 * The first line of an answer: the value the question asks for, for the class, train type or
 * condition it names. From a table, the row and column the question names ("class 3",
 * "freight"); otherwise the best supporting sentence that states a figure, with figures
 * written out in words given as digits.
 */

export interface DirectCandidate {
  text: string;
  row?: TableRow | undefined;
  /** For a sentence that introduces a list ("… until the earliest of the following:"), the list. */
  items?: ListItem[] | undefined;
  score: number;
}

export interface DirectAnswer<C extends DirectCandidate> {
  /** The line, without its citation. */
  line: string;
  /** For a question that does not name the class the value depends on: the table's rows, one line each. */
  table?: string[];
  /** The sentence or row it comes from (its clause is the one cited). */
  source: C;
}

/** A figure-bearing candidate must score at least this share of the best one to open the answer. */
const FIGURE_SHARE = 0.5;
const CLASS_HEADING = /^(?:class(?:es)?\s*)?\d+$/i;
const UNIT_ABBREVIATIONS: Record<string, string> = { 'miles per hour': 'mph' };

/** The track classes a row label or heading names: "Class 2 and 3 track" → [2, 3]. */
function classesIn(text: string): number[] {
  const named = namedTrackClasses(text);
  if (named.length > 0) return named;
  return CLASS_HEADING.test(text.trim()) ? [Number(/\d+/.exec(text)![0])] : [];
}

/** Words of a question (lower case) for matching column headings: "freight", "passenger", "tangent". */
function questionWords(question: string): string[] {
  return question.toLowerCase().match(/[a-z]{4,}/g) ?? [];
}

/** "The maximum allowable operating speed for freight trains is—" → "maximum allowable operating speed for freight trains". */
function cleanHeading(heading: string): string {
  return heading
    .replace(/[¹²³⁴⁵*]+/g, '')
    .replace(/\s*(?:is|are|shall be|may not be (?:less|more) than)?\s*[—–-]+\s*$/i, '')
    .replace(/^(?:the|but)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function unitOf(row: TableRow, value: string): string {
  if (!row.units || !/^[\d\s./]+$/.test(value.trim())) return '';
  const unit = row.units
    .toLowerCase()
    .replace(/^in\s+/, '')
    .trim();
  return ` ${UNIT_ABBREVIATIONS[unit] ?? unit}`;
}

/** Which bound a question asks for ("widest", "maximum" → upper), and which a column heading states. */
const ASKS_UPPER = /\b(max|maximum|most|widest|greatest|highest|largest|longest|top|exceed|upper)\b/i;
const ASKS_LOWER = /\b(min|minimum|least|narrowest|lowest|smallest|shortest|lower)\b/i;
const STATES_UPPER = /\b(more than|maximum|exceed|at most|greater than)\b/i;
const STATES_LOWER = /\b(at least|less than|minimum|fewer than)\b/i;

/**
 * Columns whose heading carries a word of the question that not every heading carries
 * ("freight" against "passenger"), or the bound the question asks for ("widest" → "not more
 * than"); every column when the question names none.
 */
function namedColumns(row: TableRow, question: string, subject: string): TableRow['cells'] {
  // The table's subject ("gage" in 213.53, "Gage.") is what every column measures, not a column's name.
  const topic = new Set(questionWords(subject));
  const words = questionWords(question).filter((w) => !topic.has(w));
  const headingWords = row.cells.map((c) => new Set(c.heading.toLowerCase().match(/[a-z]{4,}/g) ?? []));
  const distinguishing = (w: string) => headingWords.some((h) => h.has(w)) && !headingWords.every((h) => h.has(w));
  let named = row.cells.filter((_, i) => words.some((w) => distinguishing(w) && headingWords[i]!.has(w)));
  const upper = ASKS_UPPER.test(question) && !ASKS_LOWER.test(question);
  const lower = ASKS_LOWER.test(question) && !ASKS_UPPER.test(question);
  const bound = upper ? STATES_UPPER : lower ? STATES_LOWER : null;
  const bounded = bound ? row.cells.filter((c) => bound.test(c.heading)) : [];
  // Only when the bound tells columns apart (a table whose every column is a maximum says nothing
  // by it); a bound outranks a word the heading happens to share ("gage" in "the gage must be at least").
  if (bounded.length > 0 && bounded.length < row.cells.length) {
    const both = named.filter((c) => bounded.includes(c));
    named = both.length > 0 ? both : bounded;
  }
  return named.length > 0 ? named : row.cells;
}

/** Whether a sentence states a figure: references ("§ 213.7", "paragraph (b)(1)") and its own designator do not count. */
function statesFigure(text: string): boolean {
  const plain = withDigits(text)
    .replace(/§+\s*\d+\.\d+(?:\([^)]*\))*|\b\d{3}\.\d+(?:\([^)]*\))*/g, '')
    .replace(/\bparagraphs?\s+(?:\([^)]*\))+(?:\s*(?:and|or|through)\s*(?:\([^)]*\))+)*/gi, '')
    .replace(/^\s*(?:\([a-zA-Z0-9]+\))+/, '')
    .replace(DATE, '');
  return QUANTITY.test(plain) || FREQUENCY.test(plain);
}

/** A frequency in words: "once every calendar year", "twice a week" (not "the daily inspection": an adjective names a thing). */
const FREQUENCY = /\b(?:once|twice)\s+(?:a|an|every|each|per|in)\b/i;

/** A date ("After August 1, 1977, …") says when a rule began, not a figure it sets. */
const DATE = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s*\d{4}\b/g;

/** A figure with its unit ("60 psi", "30 days", "4′8″", "85 percent", "3/8 inch"): what an engineer asking "how much" wants. */
const QUANTITY = new RegExp(
  String.raw`\d(?:[\d,./]*\d)?\s*(?:′|″|%|-?(?:mph|miles?|psi|pounds?|lbs?|inch(?:es)?|in\.|feet|foot|ft|yards?|(?:calendar |business )?days?|hours?|minutes?|seconds?|months?|years?|percent|degrees?|tons?|mgt|cars?|locomotives?|crossties?|bolts?|times|volts?|amperes?|ohms?|decibels?|dB|°)\b)`,
  'i',
);

/** A sentence as the opening line: figures as digits, without its paragraph designator or emphasis marks of its own. */
function asLine(text: string): string {
  return withDigits(text)
    .replace(/^\s*(?:\([a-zA-Z0-9]+\)\s*)+/, '')
    .replace(/\*+/g, '')
    .trim();
}

function readCells(label: string, row: TableRow, cells: TableRow['cells']): string {
  const values = cells.map((c) => {
    const heading = cleanHeading(c.heading);
    const value = `${c.value.replace(/[.;]$/, '')}${unitOf(row, c.value)}`;
    return heading ? `${heading}: ${value}` : value;
  });
  return `${label.replace(/\s+/g, ' ').replace(/\*+/g, '').trim()} — ${values.join('; ')}`;
}

/** The table cell(s) for the classes and columns the question names, if a table row holds them. */
function fromTable<C extends DirectCandidate>(question: string, candidates: C[], subject: string, previous: string): DirectAnswer<C> | null {
  // A follow-up names what changed ("and for class 5?"); the rest it takes from the question it follows.
  const own = namedTrackClasses(question);
  const classes = own.length > 0 ? own : namedTrackClasses(previous);
  question = `${question} ${previous}`;
  const rows = candidates.filter((c): c is C & { row: TableRow } => c.row !== undefined);
  if (classes.length === 0) return dependsOnClass(question, rows, subject);
  // Classes as rows ("Class 3 track | 40 | 60"): the row of the named class.
  const byRow = rows.filter((c) => classesIn(c.row.label).some((n) => classes.includes(n))).sort((a, b) => b.score - a.score)[0];
  if (byRow) return { line: readCells(byRow.row.label, byRow.row, namedColumns(byRow.row, question, subject)), source: byRow };
  // Classes as columns ("1 | 2 | 3 | 4 | 5"): the best row, in the named class's column.
  for (const candidate of [...rows].sort((a, b) => b.score - a.score)) {
    const cells = candidate.row.cells.filter((c) => classesIn(c.heading).some((n) => classes.includes(n)));
    if (cells.length === 0) continue;
    const label = `${candidate.row.label} (Class ${cells.map((c) => classesIn(c.heading)[0]).join(', ')})`;
    return { line: `${label.replace(/\s+/g, ' ')} — ${cells.map((c) => `${c.value}${unitOf(candidate.row, c.value)}`).join('; ')}`, source: candidate };
  }
  return null;
}

/**
 * A question about a table of values by track class that names no class: the answer depends on
 * the class, so it says so and gives the table, one line a class (in the standard's order).
 */
function dependsOnClass<C extends DirectCandidate>(question: string, rows: (C & { row: TableRow })[], subject: string): DirectAnswer<C> | null {
  const byClass = rows.filter((c) => classesIn(c.row.label).length > 0 || /^excepted/i.test(c.row.label));
  // Rows numbered "1", "2" are examples or items unless one of them says it is a class.
  if (byClass.length < 2 || !byClass.some((c) => /\bclass/i.test(c.row.label))) return null;
  const best = byClass.reduce((a, b) => (b.score > a.score ? b : a));
  const table = byClass.map((c) => readCells(c.row.label, c.row, namedColumns(c.row, question, subject)));
  return { line: 'It depends on the track class:', table: [...new Set(table)], source: best };
}

/** A lead-in with a longer list is no opening line: its items are answers of their own. */
export const MAX_LIST_CHARS = 600;

/**
 * A sentence as it answers: itself, or a lead-in with its list when the figure sits in the list
 * ("… may continue in service until the earliest of: (i) …; (iv) 14 calendar days …") or the
 * question asks for a list; null when neither states a figure.
 */
function figureLine(candidate: DirectCandidate, listAsked: boolean): string | null {
  if (statesFigure(candidate.text)) return asLine(candidate.text);
  const items = (candidate.items ?? []).map((i) => i.line);
  if (items.length === 0 || items.join(' ').length > MAX_LIST_CHARS || (!listAsked && !items.some(statesFigure))) return null;
  // The list's last item ends as the rule goes on ("…; and"): the answer ends there.
  return [asLine(candidate.text), ...items.map((l) => withDigits(l).replace(/\*+/g, ''))].join(' ').replace(/[;,]\s*(?:and|or)?\s*$/, '.');
}

/** A question whose answer is a list: the options, steps or requirements a rule gives. */
export const ASKS_FOR_LIST =
  /\b(options|choices|alternatives|what (?:can|could|must|should) (?:we|i|you|they) do|what do (?:we|i|you|they) (?:have|need) to do|what steps)\b/i;

/** What kind of figure a question asks for, by its wording: a frequency for "how often", a time for "how long", a speed for "how fast". */
const ASKED_KINDS: [RegExp, RegExp][] = [
  [
    /\b(how (often|frequently)|frequency|interval)\b/i,
    /\b(?:once|twice|\d+ times)\b|\bevery\b|\beach \d|\bintervals?\b.*\d|\b(?:daily|weekly|monthly|annually|yearly)\b/i,
  ],
  [
    /\b(how (long|soon)|by when|deadline|time limit|how many (days|hours|months|years))\b/i,
    /\d\s*(?:(?:calendar |business )?days?|hours?|minutes?|months?|years?)\b/i,
  ],
  [/\b(how fast|speed)\b/i, /\d\s*(?:mph|miles per hour)\b/i],
  [/\b(how (far|close)|distance)\b/i, /\d\s*(?:feet|foot|ft|miles?|yards?|inch(?:es)?)\b/i],
  [/\b(pressure|psi)\b/i, /\d\s*(?:psi|pounds)\b/i],
  [/\b(percent|percentage|share|proportion)\b/i, /\d\s*(?:%|percent)/i],
];

/** Whether a line gives the kind of figure the question asks for (figures in words read as digits); undefined when it asks for no kind. */
export function askedFigureKind(question: string): ((line: string) => boolean) | undefined {
  const kind = ASKED_KINDS.find(([asks]) => asks.test(question))?.[1];
  return kind && ((line: string) => kind.test(withDigits(line)));
}

/**
 * The opening line for an answer from `candidates` (one section's sentences and rows, best
 * first), or null when none states a figure that answers well enough. `subject` is the
 * section's heading: the thing its table measures; `previous`, for a follow-up, the question it
 * follows. Where the question asks for a kind of figure (a time, a speed, a distance), a
 * sentence giving that kind comes before a better-matching one giving another.
 */
export function directAnswer<C extends DirectCandidate>(question: string, candidates: C[], subject = '', previous = ''): DirectAnswer<C> | null {
  const table = fromTable(question, candidates, subject, previous);
  if (table) return table;
  const best = candidates[0]?.score ?? 0;
  const listAsked = ASKS_FOR_LIST.test(question);
  const stating = candidates
    .filter((c) => !c.row && c.score >= best * FIGURE_SHARE)
    .map((c) => ({ source: c, line: figureLine(c, listAsked) }))
    .filter((s): s is { source: C; line: string } => s.line !== null);
  const gives = askedFigureKind(question);
  const list = listAsked ? stating.find((s) => (s.source.items?.length ?? 0) > 0) : undefined;
  const stated = list || (gives && stating.find((s) => gives(s.line))) || stating[0];
  return stated ?? null;
}
