import type { Db } from '../../db/client';
import { searchClauses, type RankedClause, type RankedSection, type SearchContextItem } from '../standards/search';

export interface AnswerInput {
  standardCode: string;
  /** How the standard is named in the answer's text. */
  standardName: string;
  question: string;
  discipline?: string | undefined;
  context?: SearchContextItem[];
}

export interface AnswerCitation {
  standard: string;
  ref: string;
  section: string;
  heading: string;
  excerpt: string;
}

export interface Answer {
  response: string;
  citations: AnswerCitation[];
  /** Clauses retrieved for the question, best first (the generative mode shows these to the model). */
  retrieved: RankedClause[];
  /** True when nothing in the library scored high enough to answer from. */
  notFound: boolean;
}

/** Below this BM25 score the best section is not taken to address the question. */
export const ANSWER_THRESHOLD = 6;
const MAX_SECTIONS = 2;
const SECOND_SECTION_SHARE = 0.95;
const MAX_SENTENCES = 6;
const EXCERPT_CHARS = 600;
const WANTS_FIGURES = /\b(how (many|much|often|long|far|close|soon|fast|deep|high|accurate)|maximum|minimum|max|min|limit|limits|widest|narrowest|top speed|speed|interval|deadline|within|percent|share|value|inches|feet|days|hours)\b/i;

export function citationLabel(standardCode: string, ref: string): string {
  return `${standardCode} ${ref}`;
}

/** A sentence or table line of a clause, with the clause it came from. */
interface Candidate {
  clause: RankedClause;
  text: string;
  score: number;
  order: number;
}

function splitSentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => (line.includes('|') ? [line] : line.split(/(?<=[.;:])\s+(?=[(A-Z0-9])/)))
    .map((s) => s.trim())
    // Table rows stay; other fragments (wrapped table headings, designators alone) say nothing.
    .filter((s) => s.includes('|') || s.split(/\s+/).length >= 4);
}

function sentenceScore(sentence: string, terms: Map<string, number>, wantsFigures: boolean, questionNumbers: string[]): number {
  const words = sentence.toLowerCase().match(/[a-z0-9][a-z0-9.\-/]*/g) ?? [];
  let score = 0;
  for (const [term, weight] of terms) {
    if (words.some((w) => w === term || (term.length >= 4 && w.startsWith(term)))) score += weight;
  }
  const hasFigure = /\d/.test(sentence);
  if (wantsFigures && hasFigure) score += 1.5;
  // A table row or sentence naming the class, part or value the question names is the answer's core.
  for (const n of questionNumbers) if (new RegExp(`(^|[^0-9])${n}([^0-9]|$)`).test(sentence)) score += 1;
  if (sentence.includes('|') && score < 2) score -= 1;
  return score;
}

function chooseSections(sections: RankedSection[]): RankedSection[] {
  const best = sections[0];
  if (!best) return [];
  // A second section is cited only when it scores nearly as well as the best: precision over breadth.
  return sections.filter((s, i) => i === 0 || s.score >= best.score * SECOND_SECTION_SHARE).slice(0, MAX_SECTIONS);
}

function excerpt(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')} …`;
}

/** A Markdown blockquote that keeps the clause's line breaks (table rows stay rows). */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('  \n');
}

/**
 * The default, offline and deterministic answer: the best supporting sentences of the top
 * clauses, each followed by its citation, then "Clauses cited" with the quoted text. Only
 * retrieved clauses are ever cited, so every reference exists in the library.
 */
export async function answerQuestion(db: Db, input: AnswerInput): Promise<Answer> {
  const result = await searchClauses(db, {
    standardCode: input.standardCode,
    question: input.question,
    discipline: input.discipline,
    context: input.context,
    limit: 5,
  });
  const retrieved = result.sections.flatMap((s) => s.clauses.slice(0, 3));
  const top = result.sections[0];
  if (!top || (top.score < ANSWER_THRESHOLD && result.exactRefs.length === 0)) {
    const related = result.sections.slice(0, 3);
    const lines = [`I couldn't find a clause in ${input.standardName} that addresses this.`];
    if (related.length > 0) {
      lines.push('', 'Possibly related clauses (they may not answer your question):');
      for (const s of related) lines.push(`- ${citationLabel(input.standardCode, s.section)} — ${s.heading}`);
    }
    lines.push('', 'Try naming the component, condition or limit you are asking about, or pick another discipline.');
    return { response: lines.join('\n'), citations: [], retrieved, notFound: true };
  }

  const wantsFigures = WANTS_FIGURES.test(input.question);
  const questionNumbers = [...new Set(input.question.match(/\b\d+\b/g) ?? [])];
  const candidates: Candidate[] = [];
  let order = 0;
  for (const section of chooseSections(result.sections)) {
    const best = section.clauses[0]?.score ?? 0;
    for (const clause of section.clauses.slice(0, 3).filter((c) => c.score >= best * 0.5)) {
      for (const text of splitSentences(clause.text)) {
        candidates.push({ clause, text, score: sentenceScore(text, result.terms, wantsFigures, questionNumbers) + clause.score / 10, order: order++ });
      }
    }
  }
  const seen = new Set<string>();
  const picked = [...candidates]
    .sort((a, b) => b.score - a.score)
    .filter((c) => !seen.has(c.text) && Boolean(seen.add(c.text)))
    .slice(0, MAX_SENTENCES)
    .filter((c, i) => i === 0 || c.score > 0.5)
    .sort((a, b) => a.order - b.order);

  const citations = new Map<string, AnswerCitation>();
  const body: string[] = [`From ${input.standardName}:`, ''];
  for (const c of picked) {
    const label = citationLabel(c.clause.standardCode, c.clause.ref);
    const line = c.text.includes('|') ? `- ${c.text.replace(/\s*\|\s*/g, ' | ')}` : `- ${c.text}`;
    body.push(`${line} [${label}]`);
    if (!citations.has(c.clause.ref)) {
      citations.set(c.clause.ref, {
        standard: c.clause.standardCode,
        ref: c.clause.ref,
        section: c.clause.section,
        heading: c.clause.heading,
        excerpt: excerpt(c.clause.text),
      });
    }
  }
  body.push('', '**Clauses cited**', '');
  for (const citation of citations.values()) {
    body.push(`**${citationLabel(citation.standard, citation.ref)}** — ${citation.heading}`, '', quote(citation.excerpt), '');
  }
  return { response: body.join('\n').trim(), citations: [...citations.values()], retrieved, notFound: false };
}
