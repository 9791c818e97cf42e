import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { similarClauses, type Embedder } from './embeddings';
import { splitSlashes } from './tables';
import { DerivationIndex } from './morphology';
import {
  CANDIDATES,
  clauseScore,
  narrowerScopes,
  phraseKey,
  RARE_SCOPE_CLAUSES,
  RARE_SCOPE_SHARE,
  rankSections,
  selectingTerms,
  termCounts,
  type CorpusStats,
  type RankedClause,
  type RankedSection,
  type RankingQuery,
  type SectionScope,
  type TermCounts,
} from './ranking';
import { acronymExpansions, unknownAcronyms } from './acronyms';
import { dialectCandidates, expandWithVocabulary, preferredWords, vocabularyMatches, type VocabularyMatch } from './vocabulary';
import { homePlaceWords } from '../assistant/jurisdictions';
import { STANDARD_CATALOGUE } from '../../../shared/constants';

export type { RankedClause, RankedSection } from './ranking';

export interface SearchContextItem {
  role: 'user' | 'assistant';
  content: string;
}

export interface SearchOptions {
  standardCode: string;
  question: string;
  /** The selected discipline: clauses of documents serving it rank higher. */
  discipline?: string | undefined;
  /** Earlier messages (SPEC: the last 6), so a follow-up such as "and for class 4?" still retrieves. */
  context?: SearchContextItem[];
  /** How many sections to return. */
  limit?: number;
  /** When embeddings are configured: similarity of meaning fused with full-text ranking. */
  embedder?: Embedder | undefined;
}

export interface SearchResult {
  sections: RankedSection[];
  /** Stemmed query terms with their weights (for picking supporting sentences). */
  terms: Map<string, number>;
  /** The standard's words for each practitioner's word the vocabulary matched ("tamper" → roadway, mainten, machin). */
  expansions: string[][];
  /** What the question's acronyms unknown to the library stand for in it ("ITD" → individual train detection). */
  acronyms: VocabularyMatch[];
  /** The standard's own words for question words it does not use ("railroad" → railway, company in a Canadian regulation). */
  dialect: VocabularyMatch[];
  /** Refs typed in the question that exist in the library. */
  exactRefs: string[];
  /** In how many of the searched clauses a lexeme occurs, and how many clauses there are. */
  documentFrequency: (lexeme: string) => number;
  clauseCount: number;
}

const APPLIES_FROM_CLASS = /classes (\d+) and higher/i;
const NAMED_CLASSES = /\bclass(?:es)?\s+(\d+(?:\s*(?:,|and|or|to|through|-)\s*\d+)*)/gi;
const HIGH_SPEED = /\bhigh[- ]speed\b/i;
/** Clauses taken from the vector ranking. */
const SEMANTIC_CANDIDATES = 50;
const FOLLOW_UP = /^\s*(and|or|what about|how about|same (for|with)|also|then|but)\b/i;
/** Paragraph designators after a section number: "(a)(1)", "(2.1)". */
const PARAGRAPHS = String.raw`((?:\([a-zA-Z0-9.]{1,4}\))*)`;
/**
 * How refs are typed, by the standard's jurisdiction, most specific first (a match's words are
 * not read again): a schedule's section ("Sch. I, s. 2", "Schedule I section 2"); a section
 * marked as one ("s. 95", "section 95(1)", "SOR/2014-275, s. 95", "§ 20103", "clause 4.2"); a
 * CFR section ("213.9", "§ 234.225(a)"); a section numbered in three or more levels ("4.2.1",
 * "7.23.10"); a section of the US Code (five digits: "20103", "49 U.S.C. 21103(a)"). Only a
 * section the selected standard holds is found, so "4.5 inches" or "25000" finds nothing.
 */
const REF_PATTERNS: { pattern: RegExp; section: (m: RegExpMatchArray) => string }[] = [
  { pattern: /\b(?:sch\.?|schedule)\s+([IVX]{1,4})\s*,?\s*(?:s\.|sec\.|section)\s*(\d{1,3}(?:\.\d{1,3})?)((?:\([a-zA-Z0-9.]{1,4}\))*)/gi, section: (m) => `Sch. ${m[1]!.toUpperCase()}, s. ${m[2]}` },
  { pattern: new RegExp(String.raw`(?:§+|\bss?\.|\bsec\.|\b(?:sub)?sections?\b|\bclause)\s*(\d{1,5}(?:\.\d{1,4})*[a-z]?)(?![\d.]*\d)${PARAGRAPHS}`, 'gi'), section: (m) => m[1]! },
  { pattern: new RegExp(String.raw`(?<![\d.])\b(\d{3}\.\d{1,4}[a-z]?)(?![.\d])${PARAGRAPHS}`, 'g'), section: (m) => m[1]! },
  { pattern: /(?<![\d.])\b(\d{1,2}(?:\.\d{1,3}){2,5})(?![.\d])/g, section: (m) => m[1]! },
  { pattern: new RegExp(String.raw`(?<![\d.,$])\b(\d{5})\b(?![.,]\d)${PARAGRAPHS}`, 'g'), section: (m) => m[1]! },
];

/** Per database (a process serves one; tests open many side by side), then per standard. */
const statsCaches = new WeakMap<Db, Map<string, CorpusStats>>();
/** How long term statistics are trusted before checking whether the library changed. */
const STATS_RECHECK_MS = 5_000;

/**
 * The clauses retrieval searches: those of the edition in force of each document. Older editions
 * stay in the library for comparing editions, but answers cite the one in force, and a library
 * holding many editions costs little more to search than one.
 */
export function searchedClauses(standardCode: string): SQL {
  return sql`(select cl.* from clauses cl where cl.standard_code = ${standardCode} and cl.document_id in (
    select d.id from standard_documents d where d.standard_code = ${standardCode} and d.current))`;
}

const DESIGNATOR = String.raw`(^|/)\s*[A-Z0-9.]{1,12}\s+—`;
const NUMBERED_TITLE = String.raw`\m(PART|DIVISION|SCHEDULE)\s+[A-Z0-9.]+`;
/** The number of the innermost title of a subpart path when it is a numbered section's ("… / 6.3.2 — Modules for …" → 6.3.2). */
const NUMBERED_PARENT = String.raw`(?:^|/ )([0-9]+(?:\.[0-9]+)*) —[^/]*$`;
/**
 * A subpart path's titles without their designators: "6 — ASSESSING … / 6.3.2 — Modules for …",
 * "PART 2 Local Railway Companies / DIVISION 1 Main Track Operations", "SCHEDULE I / Box and
 * other House Cars / Hand Brakes" → their words (dates and numbers left out).
 */
function subpartTitles(subpart: SQL): SQL {
  return sql`regexp_replace(regexp_replace(regexp_replace(${subpart}, ${DESIGNATOR}::text, '\\1', 'g'), ${NUMBERED_TITLE}::text, ' ', 'g'), '[0-9]+', ' ', 'g')`;
}

/** Term statistics of a standard's clauses and sections, rebuilt when its documents change. */
async function corpusStats(db: Db, standardCode: string): Promise<CorpusStats> {
  let statsCache = statsCaches.get(db);
  if (!statsCache) statsCaches.set(db, (statsCache = new Map()));
  const recent = statsCache.get(standardCode);
  if (recent && Date.now() - recent.checkedAt < STATS_RECHECK_MS) return recent;
  const version = await queryRows<{ key: string }>(db, 
    sql`select count(*)::text || ':' || count(*) filter (where current)::text || ':' || coalesce(max(imported_at)::text, '') || ':' || coalesce(string_agg(id::text, ',' order by id) filter (where current), '') as key from standard_documents where standard_code = ${standardCode}`,
  );
  const key = `${standardCode}|${version[0]?.key ?? ''}`;
  const cached = statsCache.get(standardCode);
  if (cached?.key === key) {
    cached.checkedAt = Date.now();
    return cached;
  }
  const totals = await queryRows<{ n: number; avg: number }>(db, 
    sql`select count(*)::int as n, coalesce(avg(length(search)), 1)::float8 as avg from ${searchedClauses(standardCode)} c`,
  );
  const words = await queryRows<{ word: string; ndoc: number }>(db, 
    sql`select word, count(*)::int as ndoc from (select unnest(tsvector_to_array(search)) as word from ${searchedClauses(standardCode)} c) t group by word`,
  );
  const sectionLengths = await queryRows<{ section: string; len: number }>(db, 
    sql`select section, sum(length(search))::int as len from ${searchedClauses(standardCode)} c group by section`,
  );
  const sectionWords = await queryRows<{ word: string; n: number }>(db, sql`
    select word, count(distinct section)::int as n
    from (select section, unnest(tsvector_to_array(search)) as word from ${searchedClauses(standardCode)} c) t
    group by word`);
  const headings = await queryRows<{ section: string; word: string }>(db, sql`
    select distinct section, unnest(tsvector_to_array(to_tsvector('english', ${splitSlashes(sql`heading`)}))) as word
    from ${searchedClauses(standardCode)} c`);
  // A heading several sections of a document share ("Dimensions", "Warning time") names its subject
  // only with the headings above it ("Box and other House Cars / Hand Brakes", "Private Grade Crossing");
  // so does one numbered under its parent's (TSI 6.3.2.2 "Track-side Subsystem" under "6.3.2 — Modules for …").
  const titles = await queryRows<{ section: string; k: string; word: string }>(db, sql`
    with h as (select distinct section, heading, subpart, document_id::text || '|' || lower(regexp_replace(heading, '[^[:alnum:]]+', '', 'g')) as k from ${searchedClauses(standardCode)} c),
      shared as (select k from h group by k having count(distinct section) > 1)
    select distinct section, k, unnest(tsvector_to_array(to_tsvector('english', ${splitSlashes(sql`titled`)}))) as word
    from (select section, k, heading || ' ' || ${subpartTitles(sql`subpart`)} as titled from h
      where subpart is not null and (k in (select k from shared) or section like substring(subpart from ${NUMBERED_PARENT}::text) || '.%')) t`);
  // A subpart's title is its sections' scope ("Tourist, Scenic, Historic, and Excursion Operations Braking Systems").
  const scopes = await queryRows<SectionScope>(db, sql`
    select distinct section, heading, subpart, document_id::text as document,
      coalesce(tsvector_to_array(to_tsvector('english', regexp_replace(subpart, '^[A-Z]+ — ', ''))), '{}') as words
    from ${searchedClauses(standardCode)} c where subpart is not null and subpart !~* '^appendix'`);
  const subparts = await queryRows<{ section: string; subpart: string }>(db, sql`
    select distinct section, subpart from ${searchedClauses(standardCode)} c where subpart ~* ${APPLIES_FROM_CLASS.source}`);
  const headingLexemes = await queryRows<{ section: string; lexeme: string; positions: number[] }>(db, sql`
    select h.section, v.lexeme, v.positions::int[] as positions
    from (select distinct section, heading from ${searchedClauses(standardCode)} c where section !~* 'appendix') h,
      unnest(to_tsvector('english', ${splitSlashes(sql`h.heading`)})) as v`);
  // Sections' headings name their subjects; an appendix's ("Procedures for Approval of Rear End Marking Devices") names a procedure.
  const headingPhrases = new Map<string, Set<string>>();
  const headingPhraseFrequency = new Map<string, number>();
  const bySection = new Map<string, Lexeme[]>();
  for (const row of headingLexemes) bySection.set(row.section, [...(bySection.get(row.section) ?? []), { lexeme: row.lexeme, positions: row.positions }]);
  for (const [section, lexemes] of bySection) {
    const keys = new Set(phrasesOf(lexemes).map(phraseKey));
    headingPhrases.set(section, keys);
    for (const key of keys) headingPhraseFrequency.set(key, (headingPhraseFrequency.get(key) ?? 0) + 1);
  }
  const headingTerms = new Map<string, string[]>();
  const headingFrequency = new Map<string, number>();
  for (const { section, word } of headings) {
    headingTerms.set(section, [...(headingTerms.get(section) ?? []), word]);
    headingFrequency.set(word, (headingFrequency.get(word) ?? 0) + 1);
  }
  const titleTerms = new Map<string, string[]>();
  const headingGroups = new Map<string, Set<string>>();
  for (const { section, k, word } of titles) {
    titleTerms.set(section, [...(titleTerms.get(section) ?? []), word]);
    headingGroups.set(k, (headingGroups.get(k) ?? new Set()).add(section));
  }
  const otherTitleWords = new Map<string, Set<string>>();
  for (const members of headingGroups.values()) {
    const sets = [...members].map((m) => new Set(titleTerms.get(m)));
    const telling = new Set(sets.flatMap((set) => [...set]).filter((w) => !sets.every((set) => set.has(w))));
    for (const member of members) otherTitleWords.set(member, new Set([...telling].filter((w) => !titleTerms.get(member)!.includes(w))));
  }
  const titleFrequency = new Map(headingFrequency);
  for (const [section, words] of titleTerms) {
    const own = new Set(headingTerms.get(section));
    for (const word of words) if (!own.has(word)) titleFrequency.set(word, (titleFrequency.get(word) ?? 0) + 1);
  }
  const [standard] = await queryRows<{ name: string; jurisdiction: string | null }>(db, sql`select name, jurisdiction from standards where code = ${standardCode}`);
  const documentFrequency = new Map(words.map((w) => [w.word, Number(w.ndoc)]));
  const lowestClass = new Map(subparts.map((r) => [r.section, Number(APPLIES_FROM_CLASS.exec(r.subpart)?.[1])]));
  const sectionLength = new Map(sectionLengths.map((r) => [r.section, Number(r.len)]));
  const lengths = [...sectionLength.values()];
  const stats: CorpusStats = {
    key,
    checkedAt: Date.now(),
    clauses: totals[0]?.n ?? 0,
    averageLength: totals[0]?.avg ?? 1,
    documentFrequency,
    sections: lengths.length,
    averageSectionLength: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 1,
    sectionLength,
    sectionFrequency: new Map(sectionWords.map((w) => [w.word, Number(w.n)])),
    headingTerms,
    headingFrequency,
    titleTerms,
    titleFrequency,
    otherTitleWords,
    headingPhrases,
    headingPhraseFrequency,
    narrowerScope: narrowerScopes(scopes, (w) => (documentFrequency.get(w) ?? 0) < Math.max(RARE_SCOPE_SHARE * (totals[0]?.n ?? 0), RARE_SCOPE_CLAUSES)),
    lowestClass,
    derivations: new DerivationIndex(words.map((w) => w.word)),
    names: [standardCode, ...(standard ? [standard.name] : [])],
    jurisdiction: standard?.jurisdiction ?? STANDARD_CATALOGUE.find((c) => c.code === standardCode)?.jurisdiction ?? null,
  };
  statsCache.set(standardCode, stats);
  return stats;
}

interface Lexeme {
  lexeme: string;
  /** Where the word stands in its text (stop words count). */
  positions: number[];
}

/** The lexemes of several texts, with their positions, in one round trip, as PostgreSQL's English configuration makes them. */
async function stemmed(db: Db, texts: string[]): Promise<Lexeme[][]> {
  const rows = await queryRows<{ i: number; lexeme: string; positions: number[] }>(
    db,
    sql`select t.i::int as i, v.lexeme, v.positions::int[] as positions
      from unnest(${sql.param(texts)}::text[]) with ordinality as t(body, i), unnest(to_tsvector('english', ${splitSlashes(sql`t.body`)})) as v`,
  );
  const result: Lexeme[][] = texts.map(() => []);
  for (const row of rows) result[row.i - 1]?.push({ lexeme: row.lexeme, positions: row.positions });
  return result;
}

/** The searchable lexemes of a stemmed text: words, numbers and references, not stray punctuation. */
const searchable = (lexemes: Lexeme[]) => lexemes.map((l) => l.lexeme).filter((l) => /^[a-z0-9][a-z0-9.\-/]*$/.test(l));

/** Stemmed lexemes of several texts in one round trip, as PostgreSQL's English configuration makes them. */
export async function lexemesOf(db: Db, texts: string[]): Promise<string[][]> {
  return (await stemmed(db, texts)).map(searchable);
}

/** "we've", "isn't", "what's" → "we", "is", "what": the parser would keep "ve" and "isn" as words. */
function withoutContractions(text: string): string {
  return text.replace(/\bcan['’]t\b/gi, 'can').replace(/n['’]t\b/gi, '').replace(/['’](s|ve|re|ll|d|m)\b/gi, '');
}

/** The user's previous question in the chat context, if any: a follow-up is read with it. */
function previousQuestion(options: Pick<SearchOptions, 'question' | 'context'>): string | undefined {
  return [...(options.context ?? [])].reverse().find((m) => m.role === 'user' && m.content.trim() !== options.question.trim())?.content;
}

/** Pairs of words that stand together in a question or heading ("timing relays", "field welds"), by lexeme. */
function phrasesOf(rows: Lexeme[]): [string, string][] {
  const byPosition = rows.flatMap((r) => r.positions.map((p) => ({ p, lexeme: r.lexeme }))).sort((a, b) => a.p - b.p);
  const pairs: [string, string][] = [];
  for (let i = 1; i < byPosition.length; i++) {
    const [a, b] = [byPosition[i - 1]!, byPosition[i]!];
    if (b.p - a.p === 1 && a.lexeme !== b.lexeme && !/^\d/.test(a.lexeme) && !/^\d/.test(b.lexeme)) pairs.push([a.lexeme, b.lexeme]);
  }
  return pairs;
}

/** "How quickly": the adverb asks for a time limit (the vocabulary reads it as "within", "hours"), it is no term. */
const HOW_QUICKLY = /\bhow\s+(?:quickly|promptly)\b/gi;

/** A question's word found in the library only as a derivation of it ("move" → "movement") counts a little less. */
const DERIVATION_WEIGHT = 0.4;

/**
 * Weighted query terms: the question, the library's derivations of its words, its vocabulary,
 * the standard's own words for those it does not use, and for a follow-up the previous
 * question; and the question's phrases, from the same round trip. A place of the standard's own
 * jurisdiction ("Canada" asked of a Canadian regulation) is no term.
 */
async function queryTerms(
  db: Db,
  options: SearchOptions,
  stats: CorpusStats,
): Promise<{ terms: Map<string, number>; phrases: [string, string][]; expansions: string[][]; acronyms: VocabularyMatch[]; dialect: VocabularyMatch[] }> {
  const previous = previousQuestion(options);
  const question = withoutContractions(options.question);
  const known = (lexeme: string) => (stats.documentFrequency.get(lexeme) ?? 0) > 0;
  const acronyms = await acronymExpansions(
    db,
    searchedClauses(options.standardCode),
    stats.key,
    unknownAcronyms(options.question, known),
    stats.names,
  );
  const candidates = dialectCandidates(question);
  const matches = [...vocabularyMatches(question), ...acronyms];
  const texts = [
    // "How quickly" asks for a time limit, which a clause gives as "within 24 hours", never as "quickly".
    question.replace(HOW_QUICKLY, 'how'),
    previous ? `${withoutContractions(previous)} ${expandWithVocabulary(previous).join(' ')}` : '',
    homePlaceWords(options.question, stats.jurisdiction ?? null).join(' '),
    ...matches.map((m) => m.terms.join(' ')),
    ...candidates.flatMap((c) => [c.phrase, c.terms.join(' ')]),
  ];
  const [asked = [], earlierLexemes = [], homeLexemes = [], ...rest] = await stemmed(db, texts);
  const home = new Set(searchable(homeLexemes));
  const [own, earlier] = [asked, earlierLexemes].map((l) => searchable(l).filter((lexeme) => !home.has(lexeme))) as [string[], string[]];
  const byMatch = rest.slice(0, matches.length).map(searchable);
  const candidateLexemes = candidates.map((_, i) => ({ own: searchable(rest[matches.length + 2 * i] ?? []), terms: searchable(rest[matches.length + 2 * i + 1] ?? []) }));
  const frequency = (lexeme: string) => stats.documentFrequency.get(lexeme) ?? 0;
  const dialect = preferredWords(candidates, candidateLexemes, frequency);
  const expansions = [...byMatch, ...dialect.map((d) => candidateLexemes[candidates.indexOf(d)]!.terms)];
  const vocabulary = expansions.flat();
  const terms = new Map<string, number>();
  const add = (lexemes: string[], weight: number) => {
    for (const l of lexemes) terms.set(l, Math.max(terms.get(l) ?? 0, weight));
  };
  add(own, 1);
  add(own.flatMap((l) => stats.derivations.relatives(l)), DERIVATION_WEIGHT);
  add(vocabulary, 0.8);
  if (FOLLOW_UP.test(options.question) || own.length < 4) add(earlier, 0.6);
  return { terms, phrases: phrasesOf(asked).filter(([a, b]) => !home.has(a) && !home.has(b)), expansions, acronyms, dialect };
}

interface CandidateRow {
  id: string;
  standard_code: string;
  ref: string;
  section: string;
  heading: string;
  subpart: string | null;
  disciplines: string[];
  title: string;
  edition: string;
  len: number;
  /** The stored vector as text: `'gage':3A,7 'wide':5`. */
  vector: string;
}

/** Candidate columns: everything but the text, which only the clauses that make the cut need. */
const candidateColumns = sql`c.id, c.standard_code, c.ref, c.section, c.heading, c.subpart, d.disciplines, d.title, d.edition,
  length(c.search) as len, c.search::text as vector`;

function toRanked(row: CandidateRow, score: number): RankedClause {
  return {
    id: row.id,
    standardCode: row.standard_code,
    ref: row.ref,
    section: row.section,
    heading: row.heading,
    subpart: row.subpart,
    text: '',
    disciplines: row.disciplines,
    documentTitle: row.title,
    edition: row.edition,
    score,
  };
}

/** Reads the text of the clauses that made the cut (candidates are ranked without it). */
async function fillTexts(db: Db, ranked: RankedClause[]): Promise<void> {
  if (ranked.length === 0) return;
  const rows = await queryRows<{ id: string; text: string }>(db, sql`select id, text from clauses where id = any(${sql.param(ranked.map((c) => c.id))}::uuid[])`);
  const texts = new Map(rows.map((r) => [r.id, r.text]));
  for (const clause of ranked) clause.text = texts.get(clause.id) ?? '';
}

export interface SectionWords {
  /** Every lexeme of the section's clauses (heading and text). */
  lexemes: Set<string>;
  /** Its heading and text, lower-cased, for words the stemmer would split ("network rail", "en 13848"). */
  text: string;
}

/** The words of whole sections (all their clauses in the searched edition), for judging what they cover. */
export async function sectionWords(db: Db, standardCode: string, sections: string[]): Promise<Map<string, SectionWords>> {
  const result = new Map<string, SectionWords>();
  if (sections.length === 0) return result;
  // Words and texts apart: joined, every clause's text would be repeated once per word of it and
  // sorted for the distinct (a long section's thousands of rows, spilled to disk on PGlite).
  const rows = await queryRows<{ section: string; words: string[]; text: string }>(db, sql`
    with s as materialized (
      select c.section, c.heading, c.text, c.search from ${searchedClauses(standardCode)} c
      where c.section = any(${sql.param(sections)}::text[])
    ),
    w as (select s.section, array_agg(distinct w.word) as words from s cross join lateral unnest(tsvector_to_array(s.search)) as w(word) group by s.section),
    t as (select s.section, string_agg(distinct s.heading || ' ' || s.text, ' ') as text from s where length(s.search) > 0 group by s.section)
    select t.section, w.words, t.text from t join w on w.section = t.section`);
  for (const row of rows) result.set(row.section, { lexemes: new Set(row.words), text: row.text.toLowerCase() });
  return result;
}

/** Track classes a question names ("class 4", "classes 2 and 3"); a high-speed question counts as class 6. */
export function namedTrackClasses(question: string): number[] {
  const classes = [...question.matchAll(NAMED_CLASSES)].flatMap((m) => (m[1]?.match(/\d+/g) ?? []).map(Number));
  if (HIGH_SPEED.test(question)) classes.push(6);
  return classes;
}

/** What is embedded for a question: a follow-up carries the question it follows. */
function semanticQuery(options: SearchOptions): string {
  const previous = followedQuestion(options);
  return previous ? `${previous}\n${options.question}` : options.question;
}

/** The question a follow-up ("and for class 5?", "what about passenger trains?") continues, if it is one. */
export function followedQuestion(options: Pick<SearchOptions, 'question' | 'context'>): string | undefined {
  const followUp = FOLLOW_UP.test(options.question) || options.question.trim().split(/\s+/).length < 4;
  return followUp ? previousQuestion(options) : undefined;
}

/** A ref typed in a question: the section it names and, with its paragraphs, the ref as typed ("213.9(a)", "95(1)"). */
export interface TypedRef {
  ref: string;
  section: string;
}

/**
 * Refs typed in the question, as each jurisdiction writes them: "213.9", "§ 236.15(a)" (49 CFR),
 * "s. 95", "section 12(1)", "SOR/2014-275 s. 95", "Sch. I, s. 2" (Canada), "4.2.1" (TSI), "20103",
 * "49 U.S.C. 21103(a)" (US Code). The selected standard decides which of them exist.
 */
export function typedRefs(question: string): TypedRef[] {
  let text = question;
  const found: TypedRef[] = [];
  for (const { pattern, section } of REF_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const paragraphs = m.at(-1)?.startsWith('(') ? m.at(-1)! : '';
      found.push({ section: section(m), ref: `${section(m)}${paragraphs}` });
    }
    // A match's words are not read again ("s. 2" of "Sch. I, s. 2" is no section 2).
    text = text.replace(pattern, (m) => ' '.repeat(m.length));
  }
  return found.filter((r, i) => found.findIndex((o) => o.ref === r.ref) === i);
}

/**
 * Finds the sections of a standard that govern a question: PostgreSQL full-text search picks
 * candidates, BM25 over the stored vectors ranks them (heading and reference words weigh more),
 * the selected discipline boosts, and clauses add up to their section. Typed refs come first.
 */
export async function searchClauses(db: Db, options: SearchOptions): Promise<SearchResult> {
  const limit = options.limit ?? 5;
  const stats = await corpusStats(db, options.standardCode);
  const { terms, phrases, expansions, acronyms, dialect } = await queryTerms(db, options, stats);
  const refs = typedRefs(options.question);
  const exact: CandidateRow[] = [];
  if (refs.length > 0) {
    const found = await queryRows<CandidateRow>(db, sql`
      select ${candidateColumns} from ${searchedClauses(options.standardCode)} c join standard_documents d on d.id = c.document_id
      where (c.ref = any(${sql.param(refs.map((r) => r.ref))}::text[]) or c.section = any(${sql.param(refs.map((r) => r.section))}::text[]))
      order by c.position`);
    exact.push(...found);
  }

  const query: RankingQuery = { terms, phrases, discipline: options.discipline };
  const scored = new Map<string, { row: CandidateRow; score: number }>();
  const counted = new Map<string, Map<string, TermCounts>>();
  const scoreRow = (row: CandidateRow) => {
    const counts = termCounts(row.vector, terms.keys());
    counted.set(row.id, counts);
    scored.set(row.id, { row, score: clauseScore(query, stats, { counts, length: Number(row.len), disciplines: row.disciplines }) });
  };
  const selecting = terms.size > 0 && stats.clauses > 0 ? selectingTerms(terms, stats) : [];
  if (selecting.length > 0) {
    const quoted = (t: string) => `'${t.replace(/'/g, "''")}'`;
    const tsquery = selecting.map(({ term }) => quoted(term)).join(' | ');
    // Candidates are the clauses matching the most of the rarest terms, each term weighed by
    // its rarity (as BM25 will): ts_rank weighs all terms alike, so a clause that repeats one
    // common selecting term could crowd out one that has two rare ones.
    const rarity = sql.join(
      selecting.map(({ term, weight }) => sql`(search @@ to_tsquery('simple', ${quoted(term)}))::int * ${weight}::float8`),
      sql` + `,
    );
    // Rank first, then read the columns of the few that make the cut: selecting the vector
    // as text alongside the rank would convert it for every matching row, not just these.
    const candidates = await queryRows<CandidateRow>(
      db,
      sql`
      with ranked as (
        select id from ${searchedClauses(options.standardCode)} c
        where search @@ to_tsquery('simple', ${tsquery})
        order by ${rarity} desc, ts_rank(search, to_tsquery('simple', ${tsquery})) desc, c.ref, c.id
        limit ${CANDIDATES}
      )
      select ${candidateColumns} from ranked join clauses c on c.id = ranked.id join standard_documents d on d.id = c.document_id`,
    );
    for (const row of candidates) scoreRow(row);
  }

  // With embeddings, the clauses nearest in meaning join the candidates (scored as above, so a
  // clause found only by meaning still has its words counted) and rank sections a second way.
  const similarity = new Map<string, number>();
  if (options.embedder) {
    try {
      const hits = await similarClauses(db, options.embedder, {
        question: semanticQuery(options),
        scope: { standardCode: options.standardCode, clauses: searchedClauses(options.standardCode), version: stats.key },
        limit: SEMANTIC_CANDIDATES,
      });
      for (const hit of hits) similarity.set(hit.id, hit.similarity);
      const unseen = hits.filter((h) => !scored.has(h.id)).map((h) => h.id);
      if (unseen.length > 0) {
        const rows = await queryRows<CandidateRow>(
          db,
          sql`
          select ${candidateColumns} from clauses c join standard_documents d on d.id = c.document_id
          where c.id = any(${sql.param(unseen)}::uuid[])`,
        );
        for (const row of rows) scoreRow(row);
      }
    } catch {
      // The embeddings endpoint failed (the embedder logs why): full-text ranking alone.
      similarity.clear();
    }
  }

  // Typed refs come first, whatever their words score.
  const best = Math.max(1, ...[...scored.values()].map((s) => s.score));
  for (const row of exact) scored.set(row.id, { row, score: best * 2 + (scored.get(row.id)?.score ?? 0) });
  const sections = rankSections(
    [...scored.values()].map(({ row, score }) => ({ clause: toRanked(row, score), counts: counted.get(row.id) ?? new Map() })),
    query,
    stats,
    { classes: namedTrackClasses(options.question), exactIds: new Set(exact.map((r) => r.id)), similarity },
  );
  const top = sections.slice(0, limit);
  await fillTexts(db, top.flatMap((s) => s.clauses));
  return {
    sections: top,
    terms,
    expansions,
    acronyms,
    dialect,
    exactRefs: exact.map((r) => r.ref),
    documentFrequency: (lexeme) => stats.documentFrequency.get(lexeme) ?? 0,
    clauseCount: stats.clauses,
  };
}
