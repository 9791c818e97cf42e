import type { RankedSection } from '../standards/search';
import { askedFigureKind } from './direct-answer';

/**
 * A second look at the first sections, for a question that asks for a kind of figure ("how
 * often", "by when", "what percentage of cars"). Sibling sections often share the question's
 * words while only one states the figure asked: "How often do roadway workers need on-track
 * safety training?" matches the list of what the training covers (214.345) as well as the rule
 * that gives it "once every calendar year" (214.343). When the first section states no figure
 * of that kind and a near runner-up states one about the question's subject, the runner-up comes
 * first. "About the subject" is what keeps a figure of the right kind for something else out:
 * a line must speak of one of the question's distinctive words, and a share must be a share of
 * something the question names ("85 percent of the cars", not "100 percent effective brakes").
 */

/** How many of retrieval's sections the rerank looks at. */
export const RERANK_DEPTH = 5;
/** A section that states the figure must score at least this share of the first to take its place. */
export const ASKED_FIGURE_SHARE = 0.75;
/** A question's word in fewer than this share of clauses is distinctive ("roadway", not "train"). */
export const DISTINCTIVE_SHARE = 0.1;

export interface RerankQuery {
  /** The question's stemmed terms with their weights (its own words weigh 1). */
  terms: Map<string, number>;
  documentFrequency: (lexeme: string) => number;
  clauseCount: number;
}

const wordsOf = (line: string) => line.toLowerCase().match(/[a-z0-9][a-z0-9.\-/]*/g) ?? [];
/** A stem matches the words it begins ("roadway" → "roadway", "train" → "training"; a short one only its plural: "car" → "cars"). */
const matches = (word: string, term: string) => word === term || word === `${term}s` || (term.length >= 4 && word.startsWith(term));
/** "85 percent of the cars" → "cars". */
const SHARE_OF = /(?:%|\bpercent)\s+of\s+(?:the\s+|all\s+|its\s+|each\s+)?([a-z][a-z-]*)/gi;
const ASKS_SHARE = /\b(percent|percentage|share|proportion)\b/i;

/** Whether a line gives the asked kind of figure about what the question asks of. */
export function statesAskedFigure(question: string, line: string, query: RerankQuery): boolean {
  const gives = askedFigureKind(question);
  if (!gives?.(line)) return false;
  const own = [...query.terms].filter(([, weight]) => weight >= 1).map(([term]) => term);
  if (ASKS_SHARE.test(question)) {
    // A share measures what follows "percent of"; the question must name it.
    return [...line.matchAll(SHARE_OF)].some((m) => own.some((term) => matches(m[1]!.toLowerCase(), term)));
  }
  const distinctive = own.filter((t) => query.documentFrequency(t) > 0 && query.documentFrequency(t) < DISTINCTIVE_SHARE * query.clauseCount);
  const words = wordsOf(line);
  return distinctive.some((term) => words.some((w) => matches(w, term)));
}

function statesInSection(question: string, section: RankedSection, query: RerankQuery): boolean {
  return section.clauses.some((c) => c.text.split('\n').some((line) => statesAskedFigure(question, line, query)));
}

/** A table row with a figure ("Class 3 track | 40 | 60"): its units sit in the headings, and the direct answer reads it by row and column. */
const TABLE_ROW = /\|.*\d|\d.*\|/;

/**
 * Whether a section states the asked kind of figure at all, or holds a table of figures (its
 * heading may name the subject its lines leave out, a table the unit its cells leave out).
 */
function statesAnyAskedFigure(question: string, section: RankedSection): boolean {
  const gives = askedFigureKind(question);
  return section.clauses.some((c) => c.text.split('\n').some((line) => gives?.(line) || TABLE_ROW.test(line)));
}

/**
 * The section to answer from: the first, unless it states no figure of the kind asked at all
 * and one of the next few, scoring at least `ASKED_FIGURE_SHARE` of it, states one about the
 * question's subject. Retrieval's order stands when similarity of meaning was fused in (the order is then not
 * by score) and when the question asks for no kind of figure.
 */
export function sectionStatingAskedFigure(question: string, sections: RankedSection[], query: RerankQuery): RankedSection | undefined {
  const [first] = sections;
  if (!first || !askedFigureKind(question) || sections.some((s) => s.similarity !== undefined)) return first;
  if (statesAnyAskedFigure(question, first)) return first;
  return sections.slice(1, RERANK_DEPTH).find((s) => s.score >= first.score * ASKED_FIGURE_SHARE && statesInSection(question, s, query)) ?? first;
}
