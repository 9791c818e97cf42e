import { sectionCitation } from '../../../shared/citation-label';
import { STANDARD_CATALOGUE } from '../../../shared/constants';
import type { Db } from '../../db/client';
import type { Embedder } from '../standards/embeddings';
import {
  followedQuestion,
  namedTrackClasses,
  searchClauses,
  sectionWords,
  type RankedClause,
  type RankedSection,
  type SearchContextItem,
} from '../standards/search';
import { splitSentences, type TableRow } from './clause-sentences';
import { assessCoverage, questionConcepts, type CoverageResult } from './coverage';
import { citationLabel, clausesFoundDoNotAddress, excerpt, notFoundSentence } from './citation-policy';
import { ASKS_FOR_LIST, directAnswer, MAX_LIST_CHARS, type DirectAnswer } from './direct-answer';
import { sectionStatingAskedFigure } from './figure-rerank';
import { listItemsUnder, pinpointOf, type ListItem } from './pinpoint';

export interface AnswerInput {
  standardCode: string;
  /** How the standard is named in the answer's text. */
  standardName: string;
  question: string;
  discipline?: string | undefined;
  context?: SearchContextItem[];
  /** Set when embeddings are configured (see searchClauses). */
  embedder?: Embedder | undefined;
  /** Where the standard applies ("United States"); else the catalogue's entry for its code. */
  jurisdiction?: string | null | undefined;
}

export interface AnswerCitation {
  standard: string;
  ref: string;
  section: string;
  heading: string;
  excerpt: string;
  /** The paragraph that holds what the answer says (`213.9(a)`), when narrower than `ref`. */
  pinpoint?: string | undefined;
}

/**
 * Whether the library addresses the question. `not_covered`: no retrieved clause addresses its
 * key concepts (the answer cites nothing); `partial`: some concepts are covered, those in
 * `uncovered` are not; `covered`: all are. `confidence` (0–1) is the share of the question's
 * weighted key concepts the cited clauses address.
 */
export interface AnswerCoverage {
  status: 'covered' | 'partial' | 'not_covered';
  confidence: number;
  /** The question's concepts no retrieved clause addresses, as the question words them. */
  uncovered: string[];
}

export interface Answer {
  response: string;
  citations: AnswerCitation[];
  /** Clauses retrieved for the question, best first (the generative mode shows these to the model). */
  retrieved: RankedClause[];
  coverage: AnswerCoverage;
  /** The sections retrieval ranked, best first (for measuring retrieval). */
  ranked: RankedSection[];
}

/** Below this BM25 score the best section is not taken to address the question. */
export const ANSWER_THRESHOLD = 6;
const SECOND_SECTION_SHARE = 0.95;
const MAX_SENTENCES = 6;
const MAX_SECOND_SENTENCES = 2;
/** How many of the question's own words a runner-up section must add to be cited too. */
const NEW_WORDS_FOR_SECOND = 2;
const WANTS_FIGURES =
  /\b(how (many|much|often|long|far|close|soon|fast|deep|high|accurate)|by when|maximum|minimum|max|min|limit|limits|widest|narrowest|top speed|speed|interval|deadline|within|percent|share|value|inches|feet|days|hours)\b/i;

/** A sentence or table line of a clause, with the clause it came from. */
interface Candidate {
  clause: RankedClause;
  text: string;
  /** How the answer shows it (a table row with its headings). */
  display: string;
  row?: TableRow | undefined;
  /** The list it introduces, if it ends with a colon or dash. */
  items?: ListItem[] | undefined;
  /** The query terms it contains. */
  matched: string[];
  score: number;
  order: number;
}

/** The query terms a sentence contains (a stem matches the words it begins). */
function matchedTerms(sentence: string, terms: Map<string, number>): string[] {
  const words = sentence.toLowerCase().match(/[a-z0-9][a-z0-9.\-/]*/g) ?? [];
  return [...terms.keys()].filter((term) => words.some((w) => w === term || (term.length >= 4 && w.startsWith(term))));
}

function sentenceScore(sentence: string, matched: string[], context: PickContext): number {
  const { terms, wantsFigures, questionNumbers, expansions } = context;
  // The standard's words for one practitioner's word count once, as the word would: "tamper" →
  // "roadway maintenance machine" must not outweigh the "seat" the question asks about.
  const counted = new Map(matched.map((term) => [term, terms.get(term) ?? 0]));
  for (const group of expansions) {
    const inGroup = group.filter((term) => counted.has(term) && counted.get(term)! < 1);
    const best = Math.max(0, ...inGroup.map((term) => counted.get(term)!));
    for (const term of inGroup) counted.set(term, 0);
    if (inGroup.length > 0) counted.set(inGroup[0]!, best);
  }
  let score = [...counted.values()].reduce((sum, weight) => sum + weight, 0);
  const hasFigure = /\d/.test(sentence);
  if (wantsFigures && hasFigure) score += 1.5;
  // A table row or sentence naming the class, part or value the question names is the answer's core.
  for (const n of questionNumbers) if (new RegExp(`(^|[^0-9])${n}([^0-9]|$)`).test(sentence)) score += 1;
  if (sentence.includes('|') && score < 2) score -= 1;
  return score;
}

interface PickContext {
  terms: Map<string, number>;
  /** The terms of each vocabulary match: they stand for one word of the question. */
  expansions: string[][];
  wantsFigures: boolean;
  questionNumbers: string[];
  /** The question asks for options, steps or the like: a rule's list answers it. */
  listAsked: boolean;
  /** Sentences keep the order they have in the standard. */
  order: { next: number };
}

/**
 * The supporting sentences of one section's best clauses, best first. For the opening
 * (`asAnswers`), a sentence that introduces a list carries it; when the question asks for a
 * list ("what are our options"), it scores with its list: the lead-in and its items answer
 * together ("the track owner shall, before expiration … — (2) reduce operating speed to 25 mph …").
 */
function sectionCandidates(section: RankedSection, context: PickContext, { clauses = 3, share = 0.5, asAnswers = false } = {}): Candidate[] {
  const best = section.clauses[0]?.score ?? 0;
  const candidates: Candidate[] = [];
  for (const clause of section.clauses.slice(0, clauses).filter((c) => c.score >= best * share)) {
    for (const { text, display, row } of splitSentences(clause.text)) {
      const items = row || !asAnswers ? undefined : listItemsUnder(clause.ref, clause.text, text);
      const own = items?.map((i) => i.line) ?? [];
      // A list too long to open the answer (MAX_LIST_CHARS), or one with lists of its own, is many answers: its items answer, not it.
      const whole =
        context.listAsked && own.length > 0 && items!.every((i) => i.depth === 1) && own.join(' ').length <= MAX_LIST_CHARS ? [text, ...own].join(' ') : text;
      const matched = matchedTerms(whole, context.terms);
      const score = sentenceScore(whole, matched, context) + clause.score / 10;
      candidates.push({ clause, text, display: display ?? text, row, items, matched, score, order: context.order.next++ });
    }
  }
  const seen = new Set<string>();
  return candidates.sort((a, b) => b.score - a.score).filter((c) => !seen.has(c.text) && Boolean(seen.add(c.text)));
}

/**
 * The answer's sentences: the best section's strongest ones, then a runner-up section's only
 * when it scores nearly as well and says something the first does not (a word of the question
 * that the first section's sentences leave out). Every extra citation must earn its place.
 */
function pickSentences(sections: RankedSection[], firstCandidates: Candidate[], context: PickContext, opening: Candidate | undefined): Candidate[] {
  const [first, second] = sections;
  if (!first) return [];
  const picked = firstCandidates.slice(0, MAX_SENTENCES).filter((c, i) => i === 0 || c.score > 0.5);
  if (opening && !picked.some((c) => c.text === opening.text)) picked.push(opening);
  // A table cell for the named class and column answers the question, as does the figure a "how
  // long" or "how many" question asks for when the opening gives it: another section would only add noise.
  const answeredByFigure = opening?.row !== undefined || (context.wantsFigures && opening !== undefined);
  if (second && !answeredByFigure && second.score >= first.score * SECOND_SECTION_SHARE) {
    const covered = new Set(picked.flatMap((c) => c.matched));
    const addsToFirst = (c: Candidate) => c.matched.filter((t) => !covered.has(t) && (context.terms.get(t) ?? 0) >= 1).length >= NEW_WORDS_FOR_SECOND;
    picked.push(
      ...sectionCandidates(second, context)
        .filter((c) => c.score > 0.5 && addsToFirst(c))
        .slice(0, MAX_SECOND_SENTENCES),
    );
  }
  return picked.sort((a, b) => a.order - b.order);
}

/** A Markdown blockquote that keeps the clause's line breaks (table rows stay rows). */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('  \n');
}

/** Each picked sentence as a bullet cited to its paragraph, and the clauses they cite (once each, in order). */
function citeSentences(picked: Candidate[]): { lines: string[]; citations: AnswerCitation[] } {
  const citations = new Map<string, AnswerCitation>();
  const lines = picked.map((c) => {
    const pinpoint = pinpointOf(c.clause.ref, c.clause.text, c.text);
    if (!citations.has(c.clause.ref)) {
      citations.set(c.clause.ref, {
        standard: c.clause.standardCode,
        ref: c.clause.ref,
        section: c.clause.section,
        heading: c.clause.heading,
        excerpt: excerpt(c.clause.text),
        ...(pinpoint !== c.clause.ref ? { pinpoint } : {}),
      });
    }
    return `- ${c.display} [${citationLabel(c.clause.standardCode, pinpoint)}]`;
  });
  return { lines, citations: [...citations.values()] };
}

/** The answer's first line, in bold with its paragraph's citation (and the short table when it depends on the class). */
function openingLines(opening: DirectAnswer<Candidate> | null): string[] {
  if (!opening) return [];
  const clause = opening.source.clause;
  const label = citationLabel(clause.standardCode, pinpointOf(clause.ref, clause.text, opening.source.text));
  return [`**${opening.line}** [${label}]`, '', ...(opening.table ? [...opening.table.map((row) => `- ${row}`), ''] : [])];
}

/**
 * The supporting sentences, under a line that says plainly what the clauses found do not
 * address when they cover part of the question (retrieval searched the whole library, but a
 * missing word proves only that these clauses are silent on it).
 */
function supportLines(standardName: string, coverage: CoverageResult, lines: string[]): string[] {
  const partly = coverage.status === 'partial' && coverage.uncovered.length > 0;
  return [partly ? `${clausesFoundDoNotAddress(standardName, coverage.uncovered)} What they do say:` : `From ${standardName}:`, '', ...lines];
}

/** "Clauses cited": each cited clause with its heading and quoted text. */
function clausesCited(citations: AnswerCitation[]): string[] {
  return ['', '**Clauses cited**', '', ...citations.flatMap((c) => [`**${citationLabel(c.standard, c.ref)}** — ${c.heading}`, '', quote(c.excerpt), ''])];
}

/** The reply when no clause addresses the question: what is missing, related sections named as such, nothing cited. */
function declined(input: AnswerInput, result: { sections: RankedSection[] }, coverage: CoverageResult, retrieved: RankedClause[]): Answer {
  const related = result.sections.slice(0, 3);
  const lines = [notFoundSentence(input.standardName, coverage.uncovered)];
  if (related.length > 0) {
    lines.push('', 'Possibly related clauses (they may not answer your question):');
    for (const s of related) lines.push(`- ${sectionCitation(input.standardCode, s.section, s.clauses[0]?.ref)} — ${s.heading}`);
  }
  lines.push('', 'Try naming the component, condition or limit you are asking about, or pick another discipline.');
  return { response: lines.join('\n'), citations: [], retrieved, coverage: { ...publicCoverage(coverage), status: 'not_covered' }, ranked: result.sections };
}

function publicCoverage(c: CoverageResult): AnswerCoverage {
  return { status: c.status, confidence: c.confidence, uncovered: c.uncovered };
}

/**
 * The default, offline and deterministic answer: the best supporting sentences of the top
 * clauses, each followed by its citation, then "Clauses cited" with the quoted text. Only
 * retrieved clauses are ever cited, so every reference exists in the library. Before any of
 * that, the coverage rule decides whether the clauses address the question at all: when they
 * do not, the reply says so and cites nothing.
 */
export async function answerQuestion(db: Db, input: AnswerInput): Promise<Answer> {
  const result = await searchClauses(db, {
    standardCode: input.standardCode,
    question: input.question,
    discipline: input.discipline,
    context: input.context,
    embedder: input.embedder,
    limit: 5,
  });
  const retrieved = result.sections.flatMap((s) => s.clauses.slice(0, 3));
  const jurisdiction =
    input.jurisdiction !== undefined ? input.jurisdiction : (STANDARD_CATALOGUE.find((s) => s.code === input.standardCode)?.jurisdiction ?? null);
  const [concepts, words] = await Promise.all([
    questionConcepts(db, input.question, result, jurisdiction),
    sectionWords(
      db,
      input.standardCode,
      result.sections.slice(0, 2).map((s) => s.section),
    ),
  ]);
  const typed = result.exactRefs.length > 0;
  let top = result.sections[0];
  const topWords = top ? words.get(top.section) : undefined;
  const first = assessCoverage(input.question, concepts, topWords ? [topWords] : []);
  // Fused with similarity of meaning, the first section need not be the best by its words.
  const strongest = Math.max(0, ...result.sections.map((s) => s.score));
  if (!top || (!typed && (strongest < ANSWER_THRESHOLD || first.status === 'not_covered'))) return declined(input, result, first, retrieved);
  // A question for a kind of figure is answered by the near runner-up that states it, if the first does not (and it addresses the question too).
  const stating = typed ? top : sectionStatingAskedFigure(input.question, result.sections, result);
  if (stating && stating !== top) {
    for (const [section, w] of await sectionWords(db, input.standardCode, [stating.section])) words.set(section, w);
    const own = words.get(stating.section);
    if (own && assessCoverage(input.question, concepts, [own]).status !== 'not_covered') {
      result.sections = [stating, ...result.sections.filter((s) => s !== stating)];
      top = stating;
    }
  }

  const context: PickContext = {
    terms: result.terms,
    expansions: result.expansions,
    wantsFigures: WANTS_FIGURES.test(input.question),
    questionNumbers: [...new Set(input.question.match(/\b\d+\b/g) ?? [])],
    listAsked: ASKS_FOR_LIST.test(input.question),
    order: { next: 0 },
  };
  // The opening may come from any of the section's retrieved clauses (the figure asked for can sit
  // in a paragraph that matches fewer words); the supporting quotes from its best three.
  const previous = followedQuestion({ question: input.question, context: input.context }) ?? '';
  const all = sectionCandidates(top, context, { clauses: top.clauses.length, share: 0, asAnswers: true });
  const opening = directAnswer(input.question, all, top.heading, previous);
  const firstCandidates = sectionCandidates(top, context);
  const ownClasses = namedTrackClasses(input.question);
  const named = ownClasses.length > 0 ? ownClasses : namedTrackClasses(previous);
  // Once the opening gives the named class's row, the rows of other classes only repeat the table.
  const otherClassRow = (c: Candidate) =>
    opening?.source.row !== undefined &&
    c.row !== undefined &&
    c.text !== opening.source.text &&
    !namedTrackClasses(c.row.label).some((n) => named.includes(n));
  const picked = pickSentences(result.sections, firstCandidates, context, opening?.source).filter((c) => !otherClassRow(c));

  const { lines, citations } = citeSentences(picked);
  if (citations.length === 0) return declined(input, result, first, retrieved);
  const citedSections = [...new Set(citations.map((c) => c.section))];
  const coverage = typed
    ? { ...first, status: 'covered' as const }
    : assessCoverage(
        input.question,
        concepts,
        citedSections.flatMap((s) => words.get(s) ?? []),
      );
  const body = [...openingLines(opening), ...supportLines(input.standardName, coverage, lines), ...clausesCited(citations)];
  return { response: body.join('\n').trim(), citations, retrieved, coverage: publicCoverage(coverage), ranked: result.sections };
}
