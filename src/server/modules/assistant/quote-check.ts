import type { RankedClause } from '../standards/search';
import { verifyCitations } from './citation-verifier';
import { citationLabel } from './citation-policy';

/**
 * The generative mode's sentence check: every sentence the model writes must cite a retrieved
 * clause and carry a verbatim quote — `claim: "words of the clause" [49 CFR 213.9]` — that is
 * found in the clause it cites. Quotes are compared exactly after a normalisation that forgives
 * typography only (case, spacing, curly and straight quotes, primes, dashes, table cell bars,
 * footnote marks), never wording: a paraphrase, a changed figure or a cut-off number fails.
 */

/** Why a sentence of the model's answer was removed. */
export type SentenceRemovalReason = 'no-citation' | 'no-quote' | 'quote-not-found';

export interface RemovedSentence {
  /** The sentence as the model wrote it. */
  sentence: string;
  reason: SentenceRemovalReason;
}

export interface QuoteCheckOptions {
  standardCode: string;
  /** The clauses shown to the model: the only ones a sentence may cite. */
  retrieved: readonly RankedClause[];
  /**
   * The question's concepts the library does not cover (partial coverage). A sentence that
   * says the library does not address one of them needs no quote or citation.
   */
  uncovered?: readonly string[];
}

export interface QuoteCheckedText {
  /** The Markdown with only the kept sentences (headings left without any are dropped too). */
  text: string;
  /** The clauses that back a kept sentence (one of its quotes is found there), in order of first citation. */
  cited: RankedClause[];
  /** Citations of clauses that were not retrieved, as written (without the standard); see verifyCitations. */
  removedCitations: string[];
  removedSentences: RemovedSentence[];
}

/** Fewer word tokens than this and quoted text is emphasis, not a quote of the clause. */
const MIN_QUOTE_WORDS = 2;

const SUPERSCRIPTS = /[\u00b9\u00b2\u00b3\u2070-\u2079]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u201f\u2033]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58]/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * The form in which a quote and a clause's text are compared: lower case, one space between
 * words, `'` and `"` for every kind of quote mark and prime (4′6″ = 4'6"), `-` for every dash
 * with no spaces around it, table cell bars as spaces, footnote superscripts and Markdown
 * escapes (`\|`) dropped. Words, figures and their order are untouched.
 */
export function normaliseForQuote(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(SUPERSCRIPTS, ' ')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .replace(/\u2044/g, '/')
    .replace(/\\([\\|*_[\]()#-])/g, '$1')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ?- ?/g, '-')
    .toLowerCase()
    .trim();
}

const wordsOf = (normalised: string) => normalised.match(/[a-z0-9]+/g) ?? [];
const isWordChar = (ch: string | undefined) => ch !== undefined && /[a-z0-9]/.test(ch);

/** Where `needle` occurs in `haystack` from `from` on without cutting a word or figure in two (-1 if nowhere). */
function indexAtWordEdges(haystack: string, needle: string, from: number): number {
  const startsWithWord = isWordChar(needle[0]);
  const endsWithWord = isWordChar(needle.at(-1));
  for (let at = haystack.indexOf(needle, from); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (startsWithWord && isWordChar(haystack[at - 1])) continue;
    if (endsWithWord && isWordChar(haystack[at + needle.length])) continue;
    return at;
  }
  return -1;
}

/** A quote's pieces, normalised: split at ellipses (each piece must be found, in order), outer punctuation trimmed. */
function quotePieces(quote: string): string[] {
  return quote
    .split(/\u2026|\.{3}/)
    .map((piece) => normaliseForQuote(piece.replace(/\*\*|__/g, '')).replace(/^[\s.,;:!?]+|[\s.,;:!?]+$/g, ''))
    .filter((piece) => wordsOf(piece).length > 0);
}

/** True when the quote has enough words to be checked (see MIN_QUOTE_WORDS). */
export function isSubstantialQuote(quote: string): boolean {
  return quotePieces(quote).flatMap(wordsOf).length >= MIN_QUOTE_WORDS;
}

/** True when the quote's words appear in the clause (its heading or text), in order, as normalised. */
export function quoteFoundInClause(quote: string, clause: Pick<RankedClause, 'heading' | 'text'>): boolean {
  const pieces = quotePieces(quote);
  if (pieces.length === 0) return false;
  const haystack = normaliseForQuote(`${clause.heading}\n${clause.text}`);
  let from = 0;
  for (const piece of pieces) {
    const at = indexAtWordEdges(haystack, piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

interface Span {
  start: number;
  end: number;
}

/** A double-quoted passage of a sentence: where it stands (quote marks included) and its text. */
export interface QuoteSpan extends Span {
  text: string;
}

/** A straight `"` right after a figure may be an inch mark (4'6 1/8") rather than a quote mark. */
const isAfterFigure = (text: string, i: number) => text[i] === '"' && /\d/.test(text[i - 1] ?? '');
/** Beyond this many such marks in a sentence only the first reading is tried. */
const MAX_AMBIGUOUS_MARKS = 6;

/**
 * The double-quoted passages of a sentence. A straight `"` opens and closes in turn; curly
 * quotes open (“) or close (”); an unclosed quote is no quote. A straight `"` right after a
 * figure never opens a quote (it is an inch mark); inside a quote it closes it, unless bit n
 * of `inchMarks` says that the n-th such mark of the sentence is an inch mark too.
 */
export function quotesIn(sentence: string, inchMarks = 0): QuoteSpan[] {
  const quotes: QuoteSpan[] = [];
  let open = -1;
  let afterFigure = 0;
  for (let i = 0; i < sentence.length; i++) {
    const ch = sentence[i];
    if (isAfterFigure(sentence, i)) {
      const isInch = open < 0 || (inchMarks & (1 << afterFigure)) !== 0;
      afterFigure++;
      if (isInch) continue;
    }
    if (ch === '\u201c' || (ch === '"' && open < 0)) open = i;
    else if ((ch === '\u201d' || ch === '"') && open >= 0) {
      quotes.push({ start: open, end: i + 1, text: sentence.slice(open + 1, i) });
      open = -1;
    }
  }
  return quotes;
}

/** Every way of reading the sentence's quotes, the usual one first (see quotesIn). */
function quoteReadings(sentence: string): QuoteSpan[][] {
  let marks = 0;
  for (let i = 0; i < sentence.length; i++) if (isAfterFigure(sentence, i)) marks++;
  const readings = marks > MAX_AMBIGUOUS_MARKS ? 1 : 2 ** marks;
  const seen = new Set<string>();
  const out: QuoteSpan[][] = [];
  for (let mask = 0; mask < readings; mask++) {
    const quotes = quotesIn(sentence, mask);
    const key = quotes.map((q) => `${q.start}-${q.end}`).join(',');
    if (!seen.has(key) && seen.add(key)) out.push(quotes);
  }
  return out;
}

/** Words before a period that do not end a sentence ("e.g.", "U.S.", "No. 5"). */
const ABBREVIATION = /(?:^|[\s(])(?:[a-z]|(?:[a-z]\.)+[a-z]|no|nos|vs|approx|cf|fig|sec|secs|para|paras)$/i;

/**
 * A paragraph's or list item's sentences. A sentence ends at `.`, `!` or `?` followed by a space
 * and a capital, figure or opening mark, outside quotes; always after a citation (`… [49 CFR 213.9]. `),
 * so that an inch mark written as `"` cannot run two sentences together.
 */
export function splitIntoSentences(content: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let inQuote = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i]!;
    if (isAfterFigure(content, i) && !inQuote) continue;
    if (ch === '"') inQuote = !inQuote;
    else if (ch === '\u201c') inQuote = true;
    else if (ch === '\u201d') inQuote = false;
    else if (ch === '.' || ch === '!' || ch === '?') {
      const next = content[i + 1];
      if (next !== undefined && !/\s/.test(next)) continue;
      const afterCitation = content[i - 1] === ']';
      if (!afterCitation) {
        if (inQuote || ABBREVIATION.test(content.slice(start, i))) continue;
        const rest = content.slice(i + 1).trimStart();
        if (rest && !/^[A-Z0-9"\u201c(*_[]/.test(rest)) continue;
      }
      sentences.push(content.slice(start, i + 1).trim());
      start = i + 1;
      inQuote = false;
    }
  }
  const tail = content.slice(start).trim();
  if (tail) sentences.push(tail);
  return sentences.filter(Boolean);
}

/** "does not address", "doesn't cover", "is not addressed", "neither covers". */
const SAYS_NOT_ADDRESSED = /(?:\bnot|n't|\bneither|\bnor)\s+(?:address(?:es|ed)?|cover(?:s|ed)?)\b/i;

/** True when the sentence says the library does not address one of the uncovered concepts. */
function statesNotCovered(sentence: string, uncovered: readonly string[]): boolean {
  if (!SAYS_NOT_ADDRESSED.test(sentence)) return false;
  const words = new Set(wordsOf(normaliseForQuote(sentence)));
  return uncovered.some((concept) => {
    const conceptWords = wordsOf(normaliseForQuote(concept));
    return conceptWords.length > 0 && conceptWords.every((w) => words.has(w));
  });
}

interface LabelSpan extends Span {
  clause: RankedClause;
}

interface SentenceVerdict {
  /** The sentence as shown: citations rewritten to exact labels, those that back nothing removed. */
  text: string;
  backing: RankedClause[];
  removedCitations: string[];
  reason?: SentenceRemovalReason;
}

/** The clause labels of a sentence whose citations verifyCitations has already rewritten. */
function labelsIn(sentence: string, byLabel: ReadonlyMap<string, RankedClause>): LabelSpan[] {
  const labels: LabelSpan[] = [];
  for (const match of sentence.matchAll(/\[([^[\]\n]+)\]/g)) {
    const clause = byLabel.get(match[1]!);
    if (clause) labels.push({ start: match.index, end: match.index + match[0].length, clause });
  }
  return labels;
}

/**
 * The clauses a quote is checked against: those cited right after it (before the next quote),
 * else right before it (after the previous quote), else any the sentence cites.
 */
function clausesForQuote(quotes: readonly QuoteSpan[], index: number, labels: readonly LabelSpan[]): RankedClause[] {
  const quote = quotes[index]!;
  const nextStart = quotes[index + 1]?.start ?? Infinity;
  const previousEnd = quotes[index - 1]?.end ?? -1;
  const after = labels.filter((l) => l.start >= quote.end && l.start < nextStart);
  if (after.length > 0) return after.map((l) => l.clause);
  const before = labels.filter((l) => l.end <= quote.start && l.start > previousEnd);
  return (before.length > 0 ? before : labels).map((l) => l.clause);
}

/** The clauses that back a sentence under one reading of its quotes, or why none does. */
function backingOf(quotes: readonly QuoteSpan[], labels: readonly LabelSpan[]): Set<RankedClause> | SentenceRemovalReason {
  const substantial = quotes.filter((q) => isSubstantialQuote(q.text));
  if (substantial.length === 0) return 'no-quote';
  const backing = new Set<RankedClause>();
  for (let i = 0; i < substantial.length; i++) {
    const holders = clausesForQuote(substantial, i, labels).filter((clause) => quoteFoundInClause(substantial[i]!.text, clause));
    if (holders.length === 0) return 'quote-not-found';
    for (const clause of holders) backing.add(clause);
  }
  return backing;
}

function checkSentence(sentence: string, options: QuoteCheckOptions, byLabel: ReadonlyMap<string, RankedClause>): SentenceVerdict {
  const verified = verifyCitations(sentence, options.standardCode, options.retrieved);
  const text = verified.text.replace(/\s+([.,;:!?])$/, '$1').trim();
  const removedCitations = verified.removed;
  const labels = labelsIn(text, byLabel);
  if (labels.length === 0) {
    if (statesNotCovered(text, options.uncovered ?? [])) return { text, backing: [], removedCitations };
    return { text, backing: [], removedCitations, reason: 'no-citation' };
  }
  // An inch mark written as `"` makes the quotes ambiguous: the sentence stands if one reading holds up.
  let failure: SentenceRemovalReason = 'no-quote';
  let backing: Set<RankedClause> | undefined;
  for (const quotes of quoteReadings(text)) {
    const reading = backingOf(quotes, labels);
    if (typeof reading !== 'string') {
      backing = reading;
      break;
    }
    if (failure === 'no-quote') failure = reading;
  }
  if (!backing) return { text, backing: [], removedCitations, reason: failure };

  // A clause cited beside the one that holds the quote backs nothing: its label goes.
  let shown = text;
  for (const label of [...labels].reverse()) {
    if (!backing.has(label.clause)) shown = `${shown.slice(0, label.start).replace(/[ \t]+$/, '')}${shown.slice(label.end)}`;
  }
  const order = labels.map((l) => l.clause).filter((clause) => backing.has(clause));
  return { text: shown.trim(), backing: [...new Set(order)], removedCitations };
}

type Block =
  | { kind: 'blank' }
  | { kind: 'heading'; line: string; level: number }
  | { kind: 'prose'; prefix: string; content: string; isListItem: boolean; isHeading: boolean };

const ATX_HEADING = /^( {0,3}#{1,6})\s+(.*)$/;
/** A line that only names what follows: "**Speed limits**", or a lead-in without figures such as "Sources:". */
const PSEUDO_HEADING = /^\s*(?:(\*\*|__)[^*_]+\1\s*:?|[^*_\d]+:)\s*$/;
const LIST_ITEM = /^(\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+)(.*)$/;
const BLOCKQUOTE = /^(\s*(?:>\s*)+)(.*)$/;
const MAX_HEADING_WORDS = 8;

/** A title, not a claim: a few words, no quote, citation or sentence inside. */
function isTitle(text: string): boolean {
  const bare = text.replace(/[*_#]/g, '').replace(/:\s*$/, '').trim();
  return bare.split(/\s+/).length <= MAX_HEADING_WORDS && !/["\u201c\u201d[\]]|[.!?](?:\s|$)/.test(bare);
}

/** The answer's Markdown as headings, blank lines and prose blocks (a paragraph or a list item with its continuation lines). */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const line of markdown.split('\n')) {
    const last = blocks.at(-1);
    if (!/[\p{L}\p{N}]/u.test(line)) {
      // Blank lines, rules (---) and table separators: a break between blocks.
      if (last?.kind !== 'blank') blocks.push({ kind: 'blank' });
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading ? isTitle(heading[2]!) : PSEUDO_HEADING.test(line) && !LIST_ITEM.test(line) && isTitle(line)) {
      blocks.push({ kind: 'heading', line: line.trimEnd(), level: heading ? heading[1]!.trim().length : 7 });
      continue;
    }
    if (heading) {
      // A heading that makes a claim is checked like any sentence.
      blocks.push({ kind: 'prose', prefix: `${heading[1]!} `, content: heading[2]!.trim(), isListItem: false, isHeading: true });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      blocks.push({ kind: 'prose', prefix: item[1]!, content: item[2]!.trim(), isListItem: true, isHeading: false });
      continue;
    }
    const quoted = BLOCKQUOTE.exec(line);
    const prefix = quoted ? quoted[1]! : '';
    const content = (quoted ? quoted[2]! : line).trim();
    // A paragraph's next line, or a list item's indented continuation, joins its block.
    const continues = last?.kind === 'prose' && !last.isHeading && (last.isListItem ? !quoted && /^\s/.test(line) : last.prefix.trim() === prefix.trim());
    if (continues) last.content = `${last.content} ${content}`;
    else blocks.push({ kind: 'prose', prefix, content, isListItem: false, isHeading: false });
  }
  return blocks;
}

/** A list item of the model's own source list ("- [49 CFR 213.9] — Classes of track…"): dropped, the answer lists its clauses itself. */
function isSourceEntry(content: string, options: QuoteCheckOptions, byLabel: ReadonlyMap<string, RankedClause>): boolean {
  const text = verifyCitations(content, options.standardCode, options.retrieved).text.trim();
  const labels = labelsIn(text, byLabel);
  if (!/^\**\s*\[/.test(content) || labels.length === 0 || quotesIn(content).length > 0) return false;
  const rest = normaliseForQuote(text.replace(/\[[^[\]\n]+\]/g, ' ').replace(/[*_]/g, ''))
    .replace(/^[\s:-]+|[\s.:-]+$/g, '')
    .trim();
  return rest === '' || labels.some((l) => normaliseForQuote(l.clause.heading).includes(rest));
}

/**
 * Checks the model's answer sentence by sentence (headings and a closing source list are not
 * sentences) and keeps only those that cite a retrieved clause and quote it word for word.
 * Citations of clauses that were not retrieved are removed as verifyCitations does; a clause
 * cited beside the one a quote is found in is dropped from that sentence.
 */
export function checkQuotedSentences(markdown: string, options: QuoteCheckOptions): QuoteCheckedText {
  const byLabel = new Map<string, RankedClause>();
  for (const clause of options.retrieved) {
    const label = citationLabel(options.standardCode, clause.ref);
    if (clause.standardCode === options.standardCode && !byLabel.has(label)) byLabel.set(label, clause);
  }

  const cited = new Map<string, RankedClause>();
  const removedCitations: string[] = [];
  const removedSentences: RemovedSentence[] = [];
  const out: ({ kind: 'blank' } | { kind: 'heading'; line: string; level: number } | { kind: 'kept'; line: string })[] = [];

  for (const block of blocksOf(markdown)) {
    if (block.kind !== 'prose') {
      out.push(block);
      continue;
    }
    if (block.isListItem && isSourceEntry(block.content, options, byLabel)) continue;
    const kept: string[] = [];
    for (const sentence of splitIntoSentences(block.content)) {
      const verdict = checkSentence(sentence, options, byLabel);
      for (const ref of verdict.removedCitations) if (!removedCitations.includes(ref)) removedCitations.push(ref);
      if (verdict.reason) {
        removedSentences.push({ sentence, reason: verdict.reason });
        continue;
      }
      kept.push(verdict.text);
      for (const clause of verdict.backing) if (!cited.has(clause.ref)) cited.set(clause.ref, clause);
    }
    if (kept.length > 0) out.push({ kind: 'kept', line: `${block.prefix}${kept.join(' ')}` });
  }

  // A heading stays only when something under it (before the next heading of its level or above) stayed.
  const lines: string[] = [];
  out.forEach((entry, i) => {
    if (entry.kind === 'blank') lines.push('');
    else if (entry.kind === 'kept') lines.push(entry.line);
    else {
      const section = out.slice(i + 1);
      const end = section.findIndex((e) => e.kind === 'heading' && e.level <= entry.level);
      if ((end < 0 ? section : section.slice(0, end)).some((e) => e.kind === 'kept')) lines.push(entry.line);
    }
  });
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, cited: [...cited.values()], removedCitations, removedSentences };
}

const REASONS: Record<SentenceRemovalReason, { one: string; many: string }> = {
  'quote-not-found': { one: 'its quote was not found in the clause it cites', many: 'their quotes were not found in the clauses they cite' },
  'no-quote': { one: 'it quotes nothing from the clause it cites', many: 'they quote nothing from the clauses they cite' },
  'no-citation': { one: 'it cites no retrieved clause', many: 'they cite no retrieved clause' },
};

const sentences = (n: number) => `${n} ${n === 1 ? 'sentence' : 'sentences'}`;

/**
 * The note under an answer that lost sentences, e.g. "Note: 1 sentence was removed because
 * its quote was not found in the clause it cites." Null when none was removed.
 */
export function removedSentencesNote(removed: readonly RemovedSentence[]): string | null {
  if (removed.length === 0) return null;
  const counts = (Object.keys(REASONS) as SentenceRemovalReason[])
    .map((reason) => ({ reason, n: removed.filter((r) => r.reason === reason).length }))
    .filter(({ n }) => n > 0);
  const because = ({ reason, n }: { reason: SentenceRemovalReason; n: number }) => `because ${n === 1 ? REASONS[reason].one : REASONS[reason].many}`;
  if (counts.length === 1) return `Note: ${sentences(removed.length)} ${removed.length === 1 ? 'was' : 'were'} removed ${because(counts[0]!)}.`;
  return `Note: ${sentences(removed.length)} were removed: ${counts.map((c) => `${c.n} ${because(c)}`).join('; ')}.`;
}
