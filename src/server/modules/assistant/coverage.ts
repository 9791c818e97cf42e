import { daleChall } from 'dale-chall';
import type { Db } from '../../db/client';
import { derivationalRoot } from '../standards/morphology';
import { lexemesOf, type SectionWords } from '../standards/search';
import { vocabularyMatches, type VocabularyMatch } from '../standards/vocabulary';
import type { AnswerCoverage } from './extractive-answer';
import { foreignMentions, homePlaceWords } from './jurisdictions';
import { outsideRemit } from './remit';
import { escapeRegExp } from '../../../shared/escape-regexp';

/**
 * Does the library address the question? Not "did a score pass a number", but "do the clauses
 * we would cite speak of the question's key concepts". Each word of the question weighs by how
 * much it tells sections apart (rare in the library: heavy; everyday English: light); a word the
 * library never uses weighs by what it is (an acronym or unit the library does not know is a
 * key concept: "kV", "BIM", "MTBF"); a place, kind of railway or other body's standard outside
 * the standard's jurisdiction is a key concept that a clause must name to apply.
 */

/** Below this share of the question's weight, the cited section does not address it. */
export const NOT_COVERED_BELOW = 0.24;
/** With a place, network or other body's standard uncovered, the answer needs at least this share to be partly covered… */
export const KEY_UNCOVERED_BELOW = 0.6;
/**
 * …or this share when the missing key is an unknown acronym or unit, not a place: field talk is
 * full of abbreviations the regulation spells out ("IJs", "MR"), so one says less than "Melbourne".
 */
export const ACRONYM_UNCOVERED_BELOW = 0.45;
/** …or this share when what a "what …" question asks for is missing: the rest of the question cannot make up for it. */
export const FOCUS_UNCOVERED_BELOW = 0.75;
/** …and without one, below this share it is partly covered. */
export const PARTIAL_BELOW = 0.5;
/** Weight of everyday English words ("get", "kid", "night"): how practitioners talk, not what they ask about. */
const EVERYDAY_FACTOR = 0.25;
/** Weight of a word the library never uses that is neither everyday nor an acronym (slang, a brand, a rare technical word). */
const UNKNOWN_WORD_WEIGHT = 4;
/** Uncovered words at least this heavy are named in the answer as what the library does not address. */
const NAMED_UNCOVERED_WEIGHT = 3.5;
const MAX_NAMED = 3;

/** Unit symbols (case matters: "kV", not "kv" in a word). */
const UNIT = /^(?:k?V|kVA|[kMG]W|[kM]?Hz|km|mm|cm|kN|[kM]Pa|lux|lx|dB|kph|mA)$/;
const ACRONYM = /^[A-Z][A-Z0-9]{1,6}s?$/;

const everyday = new Set(daleChall);
/**
 * Words PostgreSQL's stop list keeps that say nothing about a topic: prepositions, indefinite
 * pronouns, the asking of "what are our options", whether something is allowed ("legally",
 * "mandatory", "permitted": every clause answers that, none says the word), and adverbs of
 * degree and time ("even", "never", "already").
 */
const FUNCTION_WORDS = new Set(
  [
    'onto upon across around beside besides toward towards via per within without instead since unless whether whatever whenever wherever',
    'anyone anybody nobody someone somebody everyone everybody anything something nothing everything either neither else ever also yet still',
    'options option choices alternatives versus vs',
    'legal legally illegal illegally lawful lawfully unlawful mandatory compulsory obligatory allowed permitted permissible okay ok acceptable violation violations',
    'even never just really actually already always sometimes usually become becomes became becoming',
  ]
    .join(' ')
    .split(' '),
);

export interface Concept {
  /** The word as the question writes it. */
  text: string;
  /** Where it stands in the question (to join neighbours into phrases). */
  index: number;
  lexeme: string;
  /** The standard's words for it, from the railway vocabulary. */
  alternates: string[];
  weight: number;
  /** A concept the answer cannot do without: an unknown acronym or unit, a foreign place or network. */
  key: boolean;
  /** What the question asks for ("what torque", "which form"): an answer that does not speak of it does not answer. */
  focus?: boolean;
  /** For a foreign mention: the words a clause would use (matched in its text, not as lexemes). */
  phrase?: string[];
}

export interface CoverageStats {
  documentFrequency: (lexeme: string) => number;
  clauseCount: number;
  /** What the question's acronyms stand for in the library, as retrieval read them. */
  acronyms?: VocabularyMatch[];
  /** The standard's own words for question words it does not use ("railroad" → railway, company), as retrieval read them. */
  dialect?: VocabularyMatch[];
}

/** The forms a familiar word takes: "goes" → "go", "looked" → "look", "supposed" → "suppose", "running" → "run". */
const INFLECTIONS: [RegExp, string][] = [
  [/ies$/, 'y'],
  [/es$/, ''],
  [/s$/, ''],
  [/ied$/, 'y'],
  [/ed$/, ''],
  [/ed$/, 'e'],
  [/d$/, ''],
  [/ing$/, ''],
  [/ing$/, 'e'],
  [/(.)\1ing$/, '$1'],
  [/(.)\1ed$/, '$1'],
  [/est$/, ''],
  [/(.)\1est$/, '$1'],
];

function isEveryday(word: string): boolean {
  const lower = word.toLowerCase();
  return everyday.has(lower) || INFLECTIONS.some(([ending, base]) => ending.test(lower) && everyday.has(lower.replace(ending, base)));
}

const withoutContractions = (question: string) => question.replace(/['’](s|ve|re|ll|d|m|t)\b/gi, '');

/** The question's words, numbers left out ("class 4" is matched by the class rules, not here). */
function wordsOf(question: string): string[] {
  return withoutContractions(question).match(/[A-Za-z][A-Za-z]*/g) ?? [];
}

/** The units the regulation itself measures in: after a figure they belong to it ("60 mph", "8 hrs"). */
const FIGURE_UNITS = new Set('mph kph hr hrs h min mins sec secs s ft in inch psi lb lbs mgt mi yd yds deg f degf'.split(' '));

/**
 * Which of the question's words (by their place among `wordsOf`) belong to a figure or a model
 * number rather than name a concept: a unit after a number ("60 mph") and letters joined to digits
 * ("GP38", "136RE", "SD40-2", "3-degree"). A unit the regulation does not use ("25kV") stays a concept.
 */
function partOfFigure(question: string): Set<number> {
  const text = withoutContractions(question);
  const parts = new Set<number>();
  [...text.matchAll(/[A-Za-z]+/g)].forEach((match, index) => {
    const word = match[0];
    const at = match.index!;
    // "GP38", "136RE", and "3-degree", "4-pressure": joined to a figure.
    const glued = /\d-?$/.test(text.slice(Math.max(0, at - 2), at)) || /\d/.test(text[at + word.length] ?? '');
    const unitAfterFigure = /\d\s*$/.test(text.slice(Math.max(0, at - 3), at)) && FIGURE_UNITS.has(word.toLowerCase());
    if ((glued && !UNIT.test(word)) || unitAfterFigure) parts.add(index);
  });
  return parts;
}

/** Where in `words` the names stand, each as a run of its words ("Transport Canada" → two places). */
function wordsNamed(words: string[], names: string[]): Set<number> {
  const at = new Set<number>();
  const lower = words.map((w) => w.toLowerCase());
  for (const name of names) {
    const parts = name.split(/[^a-z]+/).filter(Boolean);
    lower.forEach((_, i) => {
      if (parts.every((p, k) => lower[i + k] === p)) parts.forEach((_, k) => at.add(i + k));
    });
  }
  return at;
}

/** Words between "what"/"which" and the thing asked for: "what is the kind of", "which type of". */
const BEFORE_FOCUS = new Set(['is', 'are', 'was', 'were', 's', 'the', 'a', 'an', 'kind', 'kinds', 'type', 'types', 'sort', 'of']);
/** Nouns that frame what is asked rather than name it: "what's the deadline", "what features", "what rules". */
const FRAME_NOUNS = new Set(
  'max maximum min minimum deadline deadlines limit limits rule rules requirement requirements feature features procedure procedures step steps process time period interval frequency distance number amount value figure figures standard standards regulation regulations law laws'.split(
    ' ',
  ),
);

/**
 * Marks the concepts a "what …" or "which …" question asks for: the words right after it ("what
 * torque", "which placards"), as far as they run together. Only weighty ones count: "what speed"
 * asks for a figure every speed clause gives.
 */
function markFocus(words: string[], concepts: Concept[]): void {
  const byIndex = new Map(concepts.map((c) => [c.index, c]));
  words.forEach((word, at) => {
    if (!/^(what|which)$/i.test(word)) return;
    let index = at + 1;
    while (index < words.length && BEFORE_FOCUS.has(words[index]!.toLowerCase())) index++;
    for (let concept = byIndex.get(index); concept; concept = byIndex.get(++index)) {
      if (concept.weight >= NAMED_UNCOVERED_WEIGHT && !FRAME_NOUNS.has(concept.text.toLowerCase())) concept.focus = true;
    }
  });
}

/**
 * The question's concepts with their weights. One round trip to the database stems the words
 * and the vocabulary's terms as the clauses were stemmed.
 */
export async function questionConcepts(db: Db, question: string, stats: CoverageStats, jurisdiction: string | null): Promise<Concept[]> {
  const words = wordsOf(question);
  const matches = [...vocabularyMatches(question), ...(stats.acronyms ?? []), ...(stats.dialect ?? [])];
  const stemmed = await lexemesOf(db, [...words, ...matches.map((m) => m.terms.join(' '))]);
  const total = Math.max(stats.clauseCount, 2);
  const keyWeight = Math.log(total);
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  const figures = partOfFigure(question);
  // "Canada" asked of a Canadian regulation: every clause applies there, none need say so.
  const home = wordsNamed(words, homePlaceWords(question, jurisdiction));
  words.forEach((word, index) => {
    const lexeme = stemmed[index]?.[0];
    if (!lexeme || seen.has(lexeme) || FUNCTION_WORDS.has(word.toLowerCase()) || figures.has(index) || home.has(index)) return;
    seen.add(lexeme);
    const alternates = matches.flatMap((m, i) => (m.phrase.split(/[\s-]+/).includes(word.toLowerCase()) ? (stemmed[words.length + i] ?? []) : []));
    const df = stats.documentFrequency(lexeme);
    const known = df > 0 || alternates.some((a) => stats.documentFrequency(a) > 0);
    let weight: number;
    let key = false;
    if (known) {
      weight = Math.log(total / (Math.max(df, 1) + 1)) * (isEveryday(word) ? EVERYDAY_FACTOR : 1);
    } else if (UNIT.test(word) || ACRONYM.test(word)) {
      weight = keyWeight;
      key = true;
    } else {
      weight = isEveryday(word) ? EVERYDAY_FACTOR : UNKNOWN_WORD_WEIGHT;
    }
    concepts.push({ text: word, index, lexeme, alternates, weight: Math.max(weight, 0), key });
  });
  markFocus(words, concepts);
  for (const mention of [...foreignMentions(question, jurisdiction), ...outsideRemit(question)]) {
    const at = question.toLowerCase().indexOf(mention.text.toLowerCase());
    const index = wordsOf(question.slice(0, Math.max(at, 0))).length;
    // The mention replaces its own words as concepts: "Melbourne" weighs once, as a place.
    for (const c of concepts) if (c.index >= index && c.index < index + wordsOf(mention.text).length) c.weight = 0;
    const text = at >= 0 ? question.slice(at, at + mention.text.length) : mention.text;
    concepts.push({ text, index, lexeme: '', alternates: [], weight: keyWeight, key: true, phrase: mention.words });
  }
  return concepts.filter((c) => c.weight > 0);
}

/** Whether a section speaks of a concept: the word, a derivation of it, or the vocabulary's word for it. */
export function covers(section: SectionWords, roots: Set<string>, concept: Concept): boolean {
  if (concept.phrase) return concept.phrase.some((p) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(p)}`).test(section.text));
  return [concept.lexeme, ...concept.alternates].some((l) => section.lexemes.has(l) || roots.has(derivationalRoot(l)));
}

export interface CoverageResult extends AnswerCoverage {
  /** The share of the question's weight the sections cover (the confidence, unrounded). */
  share: number;
}

/** Adjacent uncovered words read as the phrase the question uses: "contact wire", "25 kV". */
function phrases(question: string, uncovered: Concept[]): string[] {
  const sorted = [...uncovered].sort((a, b) => a.index - b.index);
  const groups: Concept[][] = [];
  for (const c of sorted) {
    const last = groups.at(-1);
    if (last && c.index - last.at(-1)!.index <= 1) last.push(c);
    else groups.push([c]);
  }
  const named = groups
    .map((g) => ({ text: g.map((c) => c.text).join(' '), weight: g.reduce((sum, c) => sum + c.weight, 0), index: g[0]!.index }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_NAMED)
    .sort((a, b) => a.index - b.index);
  // A unit reads with its figure: "25 kV", "400 km".
  return named.map((n) => {
    const figure = new RegExp(`(\\d+(?:[.,]\\d+)?)\\s*${escapeRegExp(n.text.split(' ')[0]!)}\\b`).exec(question);
    return figure && UNIT.test(n.text.split(' ')[0]!) ? `${figure[1]} ${n.text}` : n.text;
  });
}

/**
 * How far the sections an answer would cite address the question's concepts: `not_covered`
 * when they miss most of its weight, or a key concept with much of the rest; `partial` when a
 * key or weighty concept is missing; `covered` otherwise.
 */
export function assessCoverage(question: string, concepts: Concept[], sections: SectionWords[]): CoverageResult {
  const roots = new Set(sections.flatMap((s) => [...s.lexemes].map(derivationalRoot)));
  const merged: SectionWords = { lexemes: new Set(sections.flatMap((s) => [...s.lexemes])), text: sections.map((s) => s.text).join(' ') };
  let total = 0;
  let covered = 0;
  const missing: Concept[] = [];
  for (const concept of concepts) {
    total += concept.weight;
    if (covers(merged, roots, concept)) covered += concept.weight;
    else missing.push(concept);
  }
  const share = total > 0 ? covered / total : 0;
  const keyMissing = missing.some((c) => c.key);
  // A foreign place or a subject outside the standard's remit; or the very thing asked for.
  const placeMissing = missing.some((c) => c.phrase);
  const focusMissing = missing.some((c) => c.focus);
  const status: AnswerCoverage['status'] =
    sections.length === 0 ||
    share < NOT_COVERED_BELOW ||
    (placeMissing && share < KEY_UNCOVERED_BELOW) ||
    (focusMissing && share < FOCUS_UNCOVERED_BELOW) ||
    (keyMissing && share < ACRONYM_UNCOVERED_BELOW)
      ? 'not_covered'
      : keyMissing || focusMissing || share < PARTIAL_BELOW
        ? 'partial'
        : 'covered';
  // Verb forms ("looked", "reopening") describe the situation; the concepts are its nouns.
  const named = missing.filter((c) => c.key || c.focus || (c.weight >= NAMED_UNCOVERED_WEIGHT && !/(ed|ing)$/i.test(c.text)));
  return { status, confidence: Math.round(share * 100) / 100, share, uncovered: phrases(question, named) };
}
