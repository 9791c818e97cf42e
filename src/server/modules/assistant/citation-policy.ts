/**
 * What both answer modes (extractive and generative) say and show about the clauses they cite:
 * how a citation is labelled, how much of a clause is quoted, and the sentences for a question
 * the library does not cover or covers in part. One place, so the two modes cannot drift.
 */

/** The most of a clause's text a citation quotes; longer texts are cut at a word. */
export const EXCERPT_CHARS = 600;

/**
 * How an answer cites a clause or paragraph, as its jurisdiction writes it (`49 CFR 213.9(a)`,
 * `SOR/2014-275, s. 12(1)`, `TSI CCS 4.2.1`): the rule the web app's browser, citations and
 * exports share, in src/shared.
 */
export { citationLabel } from '../../../shared/citation-label';

/** The text cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')} …`;
}

/** "a", "a or b", "a, b or c". */
export function listWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** "I couldn't find a clause in <standard> that addresses <the uncovered concepts, or this>." */
export function notFoundSentence(standardName: string, uncovered: readonly string[] = []): string {
  return `I couldn't find a clause in ${standardName} that addresses ${uncovered.length > 0 ? listWithOr(uncovered) : 'this'}.`;
}

/** "<standard> does not address a or b." — the generative answer's sentence for the concepts the library leaves out. */
export function notAddressedSentence(standardName: string, uncovered: readonly string[]): string {
  return `${standardName} does not address ${listWithOr(uncovered)}.`;
}

/**
 * "The clauses found in <standard> do not address a or b." — the extractive answer's lead-in to
 * its quotes when part of the question is uncovered: a word absent from the cited clauses shows
 * that they are silent on it, not that the whole library is.
 */
export function clausesFoundDoNotAddress(standardName: string, uncovered: readonly string[]): string {
  return `The clauses found in ${standardName} do not address ${listWithOr(uncovered)}.`;
}
