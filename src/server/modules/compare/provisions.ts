import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { assessCoverage, covers, NOT_COVERED_BELOW } from '../assistant/coverage';
import type { Embedder } from '../standards/embeddings';
import { derivationalRoot } from '../standards/morphology';
import { searchClauses, searchedClauses, type RankedClause, type RankedSection, type SectionWords } from '../standards/search';
import type { LibraryStats } from './library-stats';
import type { Topic } from './topic';

/**
 * The clauses that govern a topic in one standard. Retrieval is the assistant's, restricted to
 * that standard; what is cited is decided in two steps that make the assistant's coverage rule
 * fit a matrix, where one topic is asked of several standards at once:
 *
 * 1. Each ranked section is weighed by the library as a whole (see topic.ts): how much of the
 *    topic's weight it covers (the assistant's coverage) and how prominently it speaks of it,
 *    a BM25 score over the whole library's statistics, so that scores of different standards'
 *    sections compare. A long section that mentions each word once in passing is not a section
 *    about the topic.
 * 2. A standard whose best section scores far below the best section of the standards compared
 *    with it has no provision on the topic, whatever its nearest clause is: the matrix says "No
 *    provision found" rather than fill the cell with an unrelated clause. Nor does one whose
 *    sections miss most of the topic (the assistant's `NOT_COVERED_BELOW`).
 */

/** Sections retrieval ranks for a column; the cited ones are taken from these. */
export const CANDIDATE_SECTIONS = 20;
/** The most sections a column cites. */
export const MAX_SECTIONS = 4;
/** The most clauses quoted from one section. */
export const MAX_CLAUSES_PER_SECTION = 2;
/** A standard is silent on the topic when its best section scores below this share of the best column's best. */
export const SILENT_BELOW = 0.5;
/** A section is cited beside the column's best when it scores at least this share of it… */
export const CITE_SHARE = 0.5;
/** …or when at least this share of its heading's words are the topic's: a heading says what a section governs. */
export const HEADING_FIT = 0.5;
/** How much a section's library score and its heading's fit count, beside its rank by the standard's own retrieval, in the order sections are cited. */
export const PROMINENCE_WEIGHT = 0.5;
export const HEADING_WEIGHT = 0.5;
/** BM25 over the library: saturation, length normalisation, and how many body words a heading word counts as. */
const BM25 = { k1: 1.2, b: 0.75, heading: 2 };
/** A topic's term (two words standing together) counts this many times its weight in a section that holds it. */
const PHRASE_FACTOR = 2;

/**
 * Headings of sections that say what words mean or whom a text applies to, not what it requires:
 * a definitions section names every term of a topic and governs none of it.
 */
const NON_GOVERNING =
  /^(?:definitions?|interpretation|definition of \w+|short title|purpose|scope|application|applicability|citation|repeals?|coming into force|registration|day of registration)\.?$/i;

export interface SectionAssessment {
  section: RankedSection;
  /** The share of the topic's weight the section covers. */
  share: number;
  /** Its BM25 score for the topic over the library's statistics (comparable across standards). */
  prominence: number;
  /** The share of its heading's words that are the topic's ("Periodic inspection and testing" for how often … inspected and tested). */
  headingFit: number;
  /** The concepts and terms it covers, as the topic writes them. */
  covered: string[];
  /** Its words, for judging what the cited sections cover together. */
  words?: SectionWords | undefined;
  cited: boolean;
  /** Why it is not cited, for the evaluation's detail. */
  reason?: string;
}

/** One standard's ranked sections, weighed, before the columns are compared. */
export interface ColumnCandidates {
  standardCode: string;
  topic: Topic;
  sections: SectionAssessment[];
}

export interface GoverningProvisions {
  status: 'provisions' | 'none';
  /** Every ranked section, cited or not, and why. */
  sections: SectionAssessment[];
  /** The cited clauses, by section in citing order. */
  clauses: RankedClause[];
  /** The column's best score against the best column's (1 for the best column). */
  strength: number;
}

/** What a section covers of the topic: its concepts (the assistant's rule) and its terms (phrases standing together). */
export function sectionCoverage(topic: Topic, words: SectionWords | undefined, phrases: ReadonlySet<number> | undefined): { share: number; covered: string[] } {
  if (!words) return { share: 0, covered: [] };
  const roots = new Set([...words.lexemes].map(derivationalRoot));
  let total = 0;
  let covered = 0;
  const named: string[] = [];
  for (const concept of topic.concepts) {
    total += concept.weight;
    if (covers(words, roots, concept)) {
      covered += concept.weight;
      named.push(concept.text);
    }
  }
  topic.phrases.forEach((phrase, i) => {
    total += phrase.weight;
    if (phrases?.has(i)) {
      covered += phrase.weight;
      named.push(phrase.text);
    }
  });
  return { share: total > 0 ? covered / total : 0, covered: named };
}

interface SectionCounts {
  length: number;
  /** Per concept (by index in topic.concepts): heading and body occurrences of its best term. */
  counts: Map<number, { heading: number; body: number }>;
}

/** What is read of each candidate section, in one query: its words, the topic's terms it holds, its concepts' counts, its heading's words. */
interface SectionData {
  words: SectionWords;
  phrases: Set<number>;
  counts: SectionCounts;
  heading: string[];
}

/** `'gate':3A,7B 'arm':4A` → each lexeme with its positions and whether each is in the reference or heading (weight A). */
function parseVector(vector: string): Map<string, { position: number; heading: boolean }[]> {
  const lexemes = new Map<string, { position: number; heading: boolean }[]>();
  for (const match of vector.matchAll(/'((?:[^']|'')+)'(?::([0-9A-D,]+))?/g)) {
    const positions = (match[2] ?? '').split(',').filter(Boolean);
    lexemes.set(
      match[1]!.replace(/''/g, "'"),
      positions.map((p) => ({ position: parseInt(p, 10), heading: p.endsWith('A') })),
    );
  }
  return lexemes;
}

/**
 * The candidate sections' clauses (text and stored vector), read once and taken apart here: the
 * words coverage judges (all the section's lexemes and its text), the topic's terms standing
 * together in a clause, each concept's occurrences for BM25, and the heading's words.
 */
async function sectionData(db: Db, standardCode: string, sections: string[], topic: Topic): Promise<Map<string, SectionData>> {
  const result = new Map<string, SectionData>();
  if (sections.length === 0) return result;
  const rows = await queryRows<{ section: string; heading: string; text: string; vector: string; head: string[]; len: number }>(
    db,
    sql`select c.section, c.heading, c.text, c.search::text as vector, tsvector_to_array(to_tsvector('english', c.heading)) as head, length(c.search)::int as len
      from ${searchedClauses(standardCode)} c where c.section = any(${sql.param(sections)}::text[]) order by c.position`,
  );
  const termsOf = topic.concepts.map((c) => [c.lexeme, ...c.alternates].filter((t) => t.length > 0));
  for (const row of rows) {
    const lexemes = parseVector(row.vector);
    let entry = result.get(row.section);
    if (!entry) {
      const heading = row.head.filter((l) => /^[a-z]/.test(l));
      entry = { words: { lexemes: new Set(), text: row.heading.toLowerCase() }, phrases: new Set(), counts: { length: 0, counts: new Map() }, heading };
      result.set(row.section, entry);
    }
    for (const l of lexemes.keys()) entry.words.lexemes.add(l);
    entry.words.text += ` ${row.text.toLowerCase()}`;
    entry.counts.length += Number(row.len);
    termsOf.forEach((terms, i) => {
      let best: { heading: number; body: number } | undefined;
      for (const term of terms) {
        const positions = lexemes.get(term);
        if (!positions) continue;
        const heading = positions.filter((p) => p.heading).length;
        const found = { heading, body: positions.length - heading };
        if (!best || found.heading + found.body > best.heading + best.body) best = found;
      }
      if (!best) return;
      const sum = entry.counts.counts.get(i) ?? { heading: 0, body: 0 };
      entry.counts.counts.set(i, { heading: Math.max(sum.heading, best.heading), body: sum.body + best.body });
    });
    topic.phrases.forEach((phrase, i) => {
      const first = lexemes.get(phrase.words[0].lexeme);
      const second = lexemes.get(phrase.words[1].lexeme);
      if (first && second && first.some((a) => second.some((b) => b.position - a.position === 1))) entry.phrases.add(i);
    });
  }
  return result;
}

/** The share of a heading's words that are the topic's (or derivations of them). */
function headingFitOf(topic: Topic, heading: string[] | undefined): number {
  if (!heading || heading.length === 0) return 0;
  const roots = new Set(
    topic.concepts
      .flatMap((c) => [c.lexeme, ...c.alternates])
      .filter((t) => t.length > 0)
      .map(derivationalRoot),
  );
  return heading.filter((w) => roots.has(derivationalRoot(w))).length / heading.length;
}

/** BM25 of a section for the topic over the library's statistics, its terms adding their weight. */
function prominenceOf(topic: Topic, counts: SectionCounts | undefined, phrases: ReadonlySet<number> | undefined, stats: LibraryStats): number {
  if (!counts) return 0;
  const norm = BM25.k1 * (1 - BM25.b + (BM25.b * counts.length) / Math.max(stats.averageSectionLength, 1));
  let score = 0;
  topic.concepts.forEach((concept, i) => {
    const c = counts.counts.get(i);
    if (!c) return;
    const tf = c.heading * BM25.heading + c.body;
    score += (concept.weight * tf * (BM25.k1 + 1)) / (tf + norm);
  });
  topic.phrases.forEach((phrase, i) => {
    if (phrases?.has(i)) score += phrase.weight * PHRASE_FACTOR;
  });
  return score;
}

/** Step 1: a standard's sections for the topic, each with its coverage and prominence. */
export async function columnCandidates(
  db: Db,
  standardCode: string,
  topic: Topic,
  stats: LibraryStats,
  options: { embedder?: Embedder | undefined } = {},
): Promise<ColumnCandidates> {
  const result = await searchClauses(db, { standardCode, question: topic.text, limit: CANDIDATE_SECTIONS, embedder: options.embedder });
  const data = await sectionData(
    db,
    standardCode,
    result.sections.map((s) => s.section),
    topic,
  );
  const sections = result.sections.map((section): SectionAssessment => {
    const own = data.get(section.section);
    const { share, covered } = sectionCoverage(topic, own?.words, own?.phrases);
    const prominence = prominenceOf(topic, own?.counts, own?.phrases, stats);
    return { section, share, prominence, headingFit: headingFitOf(topic, own?.heading), covered, words: own?.words, cited: false };
  });
  return { standardCode, topic, sections };
}

/** A column's best prominence among the sections that could govern. */
export function columnBest(column: ColumnCandidates): number {
  return Math.max(0, ...column.sections.filter((s) => !NON_GOVERNING.test(s.section.heading.trim())).map((s) => s.prominence));
}

/**
 * Step 2: what a column cites, given the best score of any column compared with it. Sections
 * are cited in the order of their rank by the standard's own retrieval blended with their
 * prominence; each must score a fair share of the column's best.
 */
export function decideColumn(column: ColumnCandidates, bestOfAll: number): GoverningProvisions {
  const governing = column.sections.filter((s) => {
    if (NON_GOVERNING.test(s.section.heading.trim())) s.reason = 'defines or scopes, does not govern';
    return !s.reason;
  });
  const best = Math.max(0, ...governing.map((s) => s.prominence));
  const strength = bestOfAll > 0 ? best / bestOfAll : 0;
  const bestShare = Math.max(0, ...governing.map((s) => s.share));
  const silent = strength < SILENT_BELOW || bestShare < NOT_COVERED_BELOW;
  const bestRank = Math.max(1e-9, ...governing.map((s) => s.section.score));
  const order = (s: SectionAssessment) =>
    s.section.score / bestRank + (PROMINENCE_WEIGHT * s.prominence) / Math.max(best, 1e-9) + HEADING_WEIGHT * s.headingFit;
  const cited: SectionAssessment[] = [];
  for (const s of [...governing].sort((a, b) => order(b) - order(a))) {
    if (silent)
      s.reason =
        strength < SILENT_BELOW
          ? `the standard is silent: its best section scores ${strength.toFixed(2)} of the best column's`
          : 'no section addresses most of the topic';
    else if (s.prominence < best * CITE_SHARE && s.headingFit < HEADING_FIT) s.reason = 'scores far below the column’s best section';
    else if (cited.length >= MAX_SECTIONS) s.reason = 'enough sections cited';
    else {
      s.cited = true;
      cited.push(s);
    }
  }
  // Last, the assistant's own rule on what the cited sections say together: a question's focus
  // ("which colour") or an unknown acronym they never mention leaves the standard silent.
  const together = assessCoverage(
    column.topic.text,
    column.topic.concepts,
    cited.flatMap((s) => (s.words ? [s.words] : [])),
  );
  if (cited.length > 0 && together.status === 'not_covered') {
    for (const s of cited) {
      s.cited = false;
      s.reason = `together the cited sections do not address the topic${together.uncovered.length ? ` (${together.uncovered.join(', ')})` : ''}`;
    }
    cited.length = 0;
  }
  const clauses = cited.flatMap((a) => quotedClauses(a.section));
  return { status: clauses.length > 0 ? 'provisions' : 'none', sections: column.sections, clauses, strength };
}

/** A section's clauses to quote: its best retrieved ones, the best first. */
function quotedClauses(section: RankedSection): RankedClause[] {
  const best = section.clauses[0]?.score ?? 0;
  return section.clauses.filter((c, i) => i === 0 || c.score >= best * 0.6).slice(0, MAX_CLAUSES_PER_SECTION);
}

/** How many of the terms (stems) a text's words begin with. */
export function termsIn(text: string, terms: string[]): number {
  const words = new Set(text.toLowerCase().match(/[a-z][a-z0-9-]*/g) ?? []);
  return terms.filter((t) => [...words].some((w) => w === t || (t.length >= 4 && w.startsWith(t)))).length;
}
