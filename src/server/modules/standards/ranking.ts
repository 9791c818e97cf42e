import type { DerivationIndex } from './morphology';

/**
 * Retrieval's ranking, apart from the database: BM25 over the terms a clause's stored vector
 * holds (heading words weigh more), phrase and discipline bonuses, which terms select the
 * candidates, and how clauses add up to sections (heading coverage, track-class applicability,
 * typed refs first, fusion with similarity of meaning). `search.ts` runs the queries and hands
 * the rows here; everything here is a function of its arguments, tested without a database.
 */

export interface RankedClause {
  id: string;
  standardCode: string;
  ref: string;
  section: string;
  heading: string;
  subpart: string | null;
  text: string;
  /** What the clause's document serves. */
  disciplines: readonly string[];
  documentTitle: string;
  edition: string;
  score: number;
}

export interface RankedSection {
  section: string;
  heading: string;
  score: number;
  /** Cosine similarity of its nearest clause to the question, when embeddings took part. */
  similarity?: number;
  /** Best first. */
  clauses: RankedClause[];
}

export interface CorpusStats {
  key: string;
  checkedAt: number;
  clauses: number;
  averageLength: number;
  documentFrequency: Map<string, number>;
  sections: number;
  averageSectionLength: number;
  sectionLength: Map<string, number>;
  sectionFrequency: Map<string, number>;
  /** Each section's heading words, with the share of headings each word appears in. */
  headingTerms: Map<string, string[]>;
  headingFrequency: Map<string, number>;
  /**
   * For a section whose heading others share ("Dimensions"), the words of its heading with the
   * titles above it ("Box and other House Cars / Hand Brakes"), and in how many sections' titles
   * (a heading, or such a heading with its titles) each word stands.
   */
  titleTerms?: Map<string, string[]>;
  titleFrequency?: Map<string, number>;
  /** For such a section, the title words of the others sharing its heading that its own title lacks ("caboose" for a box car's "Dimensions"). */
  otherTitleWords?: Map<string, Set<string>>;
  /** Each section's heading phrases (two adjacent heading lexemes, "time relay"), and in how many headings each phrase stands. */
  headingPhrases?: Map<string, Set<string>>;
  headingPhraseFrequency?: Map<string, number>;
  /** Sections of a subpart about a narrower subject, with the rare words of its title that name it (see `narrowerScopes`). */
  narrowerScope?: Map<string, string[]>;
  /** Sections of subparts that apply only from a track class up ("Track Classes 6 and Higher"). */
  lowestClass: Map<string, number>;
  /** The library's lexemes by derivational root ("move" finds "movement"). */
  derivations: DerivationIndex;
  /** The standard's code and name (an acronym of its subject spells words of them: "SMS"). */
  names?: string[];
  /** Where the standard applies ("Canada"): a question's place there tells its clauses nothing apart. */
  jurisdiction?: string | null;
}

export interface TermCounts {
  /** Occurrences in the reference and heading (weight A). */
  heading: number;
  body: number;
  /** Word positions in the clause (for phrases). */
  positions: number[];
}

export const DISCIPLINE_BOOST = 1.6;
/** A phrase of the question found in a clause adds this share of its rarer word's weight. */
export const PHRASE_WEIGHT = 1;
export const CANDIDATES = 400;
/** Candidate selection uses at least this many of the rarest terms. */
export const MIN_SELECTING_TERMS = 4;
/** Terms in more than this share of clauses are too common to select candidates (they still score). */
export const COMMON_TERM_SHARE = 0.2;
export const BM25 = { k1: 1.2, b: 0.9 };
/** Heading and reference words (weight A) count as this many body words. */
export const HEADING_WEIGHT = 4;
/** How much of a section's score comes from the section as a whole, the rest from its best clause. */
export const SECTION_SHARE = 0.5;
/** A section whose heading the question covers entirely scores this much more (heading words weigh by their rarity among headings). */
export const HEADING_COVERAGE_BOOST = 0.3;
/** A subpart title's word in fewer than this share of clauses names a narrower subject ("tourist", "excursion")… */
export const RARE_SCOPE_SHARE = 0.02;
/**
 * …or in fewer than this many in a small standard: there a subject's word stands in a handful of
 * clauses that are more than 2 % of them ("main track" in 5 of the 96 of the Railway Safety
 * Management System Regulations, whose Part 2 restates Part 1 for local railway companies).
 */
export const RARE_SCOPE_CLAUSES = 10;
/** …and a section of a subpart that restates rules for that subject scores this share when the question names none of its words. */
export const NARROWER_SCOPE_FACTOR = 0.8;
/** Sections of a subpart for higher track classes than those the question names… */
export const OTHER_CLASS_FACTOR = 0.3;
/** …or when it names none: most track is of the lower classes, and a question about the others says so. */
export const UNNAMED_CLASS_FACTOR = 0.7;
/** A phrase of the question that at most this many headings of the library hold names a subject ("timing relays")… */
export const RARE_HEADING_PHRASE = 2;
/** …and a section that never uses it scores this share (measured on the dev questions: 0.7 moved the speed table off a class question; 0.9 left "Relays." cited beside "Timing relays"). */
export const MISSING_SUBJECT_FACTOR = 0.85;
/** The usual reciprocal rank fusion constant: damps the difference between the first few ranks. */
export const RRF_K = 60;
/** Added to the score of a section whose ref the question types: it comes first whatever the words say. */
export const EXACT_REF_BONUS = 1000;

/**
 * Occurrences of the query's lexemes in a clause's stored vector, heading and body apart.
 * Looks up only the query's terms: vectors of long clauses are large.
 */
export function termCounts(vector: string, terms: Iterable<string>): Map<string, TermCounts> {
  const counts = new Map<string, TermCounts>();
  for (const term of terms) {
    const key = `'${term.replace(/'/g, "''")}':`;
    const at = vector.indexOf(key);
    if (at < 0) continue;
    const start = at + key.length;
    const end = vector.indexOf(' ', start);
    const positions = vector.slice(start, end < 0 ? undefined : end).split(',');
    const heading = positions.filter((p) => p.endsWith('A')).length;
    counts.set(term, { heading, body: positions.length - heading, positions: positions.map((p) => parseInt(p, 10)) });
  }
  return counts;
}

export function bm25(tf: number, df: number, total: number, length: number, averageLength: number): number {
  if (tf <= 0) return 0;
  const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
  const norm = BM25.k1 * (1 - BM25.b + (BM25.b * length) / averageLength);
  return idf * ((tf * (BM25.k1 + 1)) / (tf + norm));
}

/** Whether a clause has the two words of a phrase side by side (or one word apart: "relay and timing"). */
export function hasPhrase(counts: Map<string, TermCounts>, [a, b]: [string, string]): boolean {
  const first = counts.get(a)?.positions;
  const second = counts.get(b)?.positions;
  if (!first || !second) return false;
  return first.some((p) => second.some((q) => q - p >= 1 && q - p <= 2));
}

/** How much of a list of title words the query's terms cover, each word weighed by its rarity among titles. */
function coverageOf(words: string[], frequency: Map<string, number>, sections: number, terms: Map<string, number>): number {
  let total = 0;
  let covered = 0;
  for (const word of words) {
    const idf = Math.log(1 + sections / (frequency.get(word) ?? 1));
    total += idf;
    covered += idf * (terms.get(word) ?? 0);
  }
  return total > 0 ? covered / total : 0;
}

/**
 * How much of a section's heading the query's terms cover, heading words weighed by rarity among
 * headings; for a heading others share, the better of that and its cover of the heading with the
 * titles above it ("What size brake wheel does a box car hand brake need?" covers "Box and other
 * House Cars / Hand Brakes / Dimensions" better than "Dimensions" alone).
 */
export function headingCoverage(stats: CorpusStats, section: string, terms: Map<string, number>): number {
  const own = coverageOf(stats.headingTerms.get(section) ?? [], stats.headingFrequency, stats.sections, terms);
  const titled = stats.titleTerms?.get(section);
  return titled ? Math.max(own, coverageOf(titled, stats.titleFrequency ?? stats.headingFrequency, stats.sections, terms)) : own;
}

/**
 * Below 1 for a section whose heading others of its document share when the question names what
 * another's title has and neither its own title nor its text says: "Dimensions" under "Caboose
 * Cars / Hand Brakes" does not answer a question about a box car's hand brake; the box car's
 * "Dimensions" may. Only the question's own words count (weight 1), not the vocabulary's.
 */
export function titleFit(stats: CorpusStats, section: string, terms: Map<string, number>, counts: Map<string, TermCounts>[]): number {
  const others = stats.otherTitleWords?.get(section);
  if (!others || others.size === 0) return 1;
  const missing = [...terms].some(([term, weight]) => weight >= 1 && others.has(term) && !counts.some((c) => c.has(term)));
  return missing ? MISSING_SUBJECT_FACTOR : 1;
}

/** The key of a phrase: its two lexemes in order. */
export const phraseKey = ([a, b]: [string, string]) => `${a} ${b}`;

/**
 * The question's phrases that name a subject: a phrase that a few headings hold ("timing
 * relays", "excepted track"), not one many share ("on-track safety", "grade crossing").
 */
export function subjectPhrases(stats: CorpusStats, phrases: [string, string][]): [string, string][] {
  return phrases.filter((p) => {
    const n = stats.headingPhraseFrequency?.get(phraseKey(p)) ?? 0;
    return n > 0 && n <= RARE_HEADING_PHRASE;
  });
}

/**
 * Below 1 for a section that never uses a subject the question names by its phrase: a question
 * about "timing relays" is not answered by "Relays.", which speaks of relays but never of timing
 * relays; the section that holds the phrase, in its heading or its text, may answer.
 */
export function subjectFit(subjects: [string, string][], counts: Map<string, TermCounts>[]): number {
  if (subjects.length === 0) return 1;
  return subjects.some((p) => counts.some((c) => hasPhrase(c, p))) ? 1 : MISSING_SUBJECT_FACTOR;
}

/** A section with its heading, subpart title and the title's lexemes. */
export interface SectionScope {
  section: string;
  heading: string;
  subpart: string;
  words: string[];
  /** The document it belongs to (a CFR part, a Canadian regulation); else the part its number names ("232" of "232.219"). */
  document?: string;
}

/** Numbered sections in order: "232.9" before "232.219", "30" before "58", "4.2.1" before "4.10". */
export function compareSectionNumbers(a: string, b: string): number {
  const numbers = (s: string) => (s.match(/\d+/g) ?? []).map(Number);
  const [x, y] = [numbers(a), numbers(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The subparts about a narrower subject, found by their parallel provisions: where a section's
 * heading is repeated by a section of another subpart of the same part ("Double-heading and
 * helper service" in "Inspection and Testing Requirements" and again in "Tourist, Scenic,
 * Historic, and Excursion Operations Braking Systems"), the later one (the CFR puts general
 * subparts first), when its subpart's title has words the earlier one's lacks that are `rare`
 * in the library, restates the rules for the subject those words name. Each section of such a
 * subpart maps to those words. A heading that other parts use too ("Scope.", "Applicability.")
 * makes no parallel.
 */
export function narrowerScopes(scopes: SectionScope[], rare: (word: string) => boolean): Map<string, string[]> {
  const part = (s: SectionScope) => s.document ?? s.section.split('.')[0]!;
  const subpartKey = (s: SectionScope) => `${part(s)}|${s.subpart}`;
  const headingOf = (s: SectionScope) => s.heading.toLowerCase().replace(/[^a-z]/g, '');
  const groups = new Map<string, SectionScope[]>();
  const parts = new Map<string, Set<string>>();
  for (const s of scopes) {
    const key = `${part(s)}|${headingOf(s)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
    parts.set(headingOf(s), (parts.get(headingOf(s)) ?? new Set()).add(part(s)));
  }
  const naming = new Map<string, Set<string>>();
  for (const group of groups.values()) {
    // A heading every part has ("Scope.", "Definitions.", "Waivers.") says nothing of a subject.
    if (parts.get(headingOf(group[0]!))!.size > 1) continue;
    for (const member of group) {
      // The restatement comes after the general rule: the CFR puts general subparts first.
      const others = group.filter((o) => o.subpart !== member.subpart && compareSectionNumbers(o.section, member.section) < 0);
      if (others.length === 0) continue;
      const elsewhere = new Set(others.flatMap((o) => o.words));
      const distinctive = member.words.filter((w) => !elsewhere.has(w) && !/^\d/.test(w) && rare(w));
      if (distinctive.length === 0) continue;
      const words = naming.get(subpartKey(member)) ?? new Set<string>();
      for (const w of distinctive) words.add(w);
      naming.set(subpartKey(member), words);
    }
  }
  const result = new Map<string, string[]>();
  for (const s of scopes) {
    const words = naming.get(subpartKey(s));
    if (words) result.set(s.section, [...words]);
  }
  return result;
}

/**
 * Below 1 for a section of a subpart about a narrower subject (`narrowerScopes`) when the
 * question names none of the words that name it: a question about a helper locomotive's
 * brakes, or the share of cars with working brakes, means the general rule, not the one for
 * tourist trains or ECP brakes. Track-class subparts are left to `applicability`.
 */
export function scopeFit(stats: CorpusStats, section: string, terms: Map<string, number>): number {
  const naming = stats.narrowerScope?.get(section);
  if (!naming || stats.lowestClass.has(section)) return 1;
  return naming.some((w) => terms.has(w)) ? 1 : NARROWER_SCOPE_FACTOR;
}

/** Below 1 when the section's subpart applies only to track classes the question is not about. */
export function applicability(stats: CorpusStats, section: string, classes: number[]): number {
  const lowest = stats.lowestClass.get(section);
  if (lowest === undefined) return 1;
  if (classes.length === 0) return UNNAMED_CLASS_FACTOR;
  return classes.some((c) => c >= lowest) ? 1 : OTHER_CLASS_FACTOR;
}

/**
 * Reorders sections (sorted by full-text score) by reciprocal rank fusion of their full-text
 * rank and their rank by similarity of meaning. Sections of a typed ref stay first.
 */
export function fuseByReciprocalRank(sections: RankedSection[]): void {
  const bySimilarity = sections.filter((s) => s.similarity !== undefined).sort((a, b) => b.similarity! - a.similarity!);
  const fused = new Map<RankedSection, number>();
  sections.forEach((s, i) => fused.set(s, 1 / (RRF_K + i + 1)));
  bySimilarity.forEach((s, i) => fused.set(s, fused.get(s)! + 1 / (RRF_K + i + 1)));
  const exact = (s: RankedSection) => (s.score >= EXACT_REF_BONUS ? 1 : 0);
  sections.sort((a, b) => exact(b) - exact(a) || fused.get(b)! - fused.get(a)!);
}

/** What a query asks, as ranking needs it. */
export interface RankingQuery {
  /** Stemmed terms with their weights (the question's own 1, derivations and vocabulary less). */
  terms: Map<string, number>;
  /** Pairs of the question's adjacent words. */
  phrases: [string, string][];
  discipline?: string | undefined;
}

const idf = (stats: CorpusStats, term: string) => Math.log(stats.clauses / ((stats.documentFrequency.get(term) ?? 0) + 1));

/** A clause's score: BM25 of its terms (heading words count more), a bonus per phrase it holds, the discipline boost. */
export function clauseScore(query: RankingQuery, stats: CorpusStats, clause: { counts: Map<string, TermCounts>; length: number; disciplines: readonly string[] }): number {
  let score = 0;
  for (const [term, weight] of query.terms) {
    const c = clause.counts.get(term);
    if (!c) continue;
    const tf = c.heading * HEADING_WEIGHT + c.body;
    score += weight * bm25(tf, stats.documentFrequency.get(term) ?? 0, stats.clauses, clause.length, stats.averageLength);
  }
  // The question's words standing together in the clause as they do in the question say more than each alone.
  for (const phrase of query.phrases) {
    if (hasPhrase(clause.counts, phrase)) score += PHRASE_WEIGHT * Math.min(...phrase.map((t) => idf(stats, t)));
  }
  if (query.discipline && clause.disciplines.includes(query.discipline)) score *= DISCIPLINE_BOOST;
  return score;
}

/**
 * The terms that select candidates: the rarest (the ones that tell sections apart), taken until
 * they cover enough clauses; every term still counts in the score. With their weights by rarity,
 * as BM25 will weigh them.
 */
export function selectingTerms(terms: Map<string, number>, stats: CorpusStats): { term: string; weight: number }[] {
  const share = (t: string) => (stats.documentFrequency.get(t) ?? 0) / stats.clauses;
  const known = [...terms.keys()].filter((t) => stats.documentFrequency.has(t));
  const byRarity = known.filter((t) => share(t) <= COMMON_TERM_SHARE).sort((a, b) => share(a) - share(b));
  const selecting: string[] = [];
  let covered = 0;
  for (const term of byRarity.length > 0 ? byRarity : known) {
    if (selecting.length >= MIN_SELECTING_TERMS && covered >= CANDIDATES) break;
    selecting.push(term);
    covered += stats.documentFrequency.get(term) ?? 0;
  }
  return selecting.map((term) => ({ term, weight: idf(stats, term) * (terms.get(term) ?? 1) }));
}

/** A scored clause with its term counts, ready to add up to its section. */
export interface ScoredClause {
  clause: RankedClause;
  counts: Map<string, TermCounts>;
}

export interface SectionRankingContext {
  /** Track classes the question names. */
  classes: number[];
  /** Clauses of refs the question types: their sections come first. */
  exactIds: Set<string>;
  /** Similarity of meaning per clause id, when embeddings took part. */
  similarity: Map<string, number>;
}

/**
 * Sections, best first. A section is scored as one document (its heading counted once, its
 * paragraphs' words summed) blended with its best clause; then heading coverage, track-class
 * applicability and typed refs; with similarities, fused by reciprocal rank.
 */
export function rankSections(scored: ScoredClause[], query: RankingQuery, stats: CorpusStats, context: SectionRankingContext): RankedSection[] {
  const bySection = new Map<string, ScoredClause[]>();
  for (const item of scored) {
    const key = `${item.clause.standardCode}|${item.clause.section}`;
    const list = bySection.get(key);
    if (list) list.push(item);
    else bySection.set(key, [item]);
  }
  const subjects = subjectPhrases(stats, query.phrases);
  const sections: RankedSection[] = [...bySection.values()].map((items) => {
    items.sort((a, b) => b.clause.score - a.clause.score);
    const list = items.map((i) => i.clause);
    const first = list[0]!;
    let score = 0;
    for (const [term, weight] of query.terms) {
      let heading = 0;
      let body = 0;
      for (const { counts } of items) {
        const c = counts.get(term);
        if (!c) continue;
        heading = Math.max(heading, c.heading);
        body += c.body;
      }
      const tf = heading * HEADING_WEIGHT + body;
      const length = stats.sectionLength.get(first.section) ?? stats.averageSectionLength;
      const df = stats.sectionFrequency.get(term) ?? 0;
      score += weight * bm25(tf, df, stats.sections, length, stats.averageSectionLength);
    }
    if (query.discipline && first.disciplines.includes(query.discipline)) score *= DISCIPLINE_BOOST;
    // Long sections (definitions, tables) dilute a paragraph that answers exactly: blend in the best one.
    score = SECTION_SHARE * score + (1 - SECTION_SHARE) * first.score;
    score *= (1 + HEADING_COVERAGE_BOOST * headingCoverage(stats, first.section, query.terms)) * applicability(stats, first.section, context.classes) * scopeFit(stats, first.section, query.terms) * titleFit(
        stats,
        first.section,
        query.terms,
        items.map((i) => i.counts),
      ) * subjectFit(subjects, items.map((i) => i.counts));
    if (list.some((c) => context.exactIds.has(c.id))) score += EXACT_REF_BONUS;
    const nearest = Math.max(...list.map((c) => context.similarity.get(c.id) ?? -1));
    return { section: first.section, heading: first.heading, score, clauses: list, ...(nearest > -1 ? { similarity: nearest } : {}) };
  });
  sections.sort((a, b) => b.score - a.score);
  if (context.similarity.size > 0) fuseByReciprocalRank(sections);
  return sections;
}
