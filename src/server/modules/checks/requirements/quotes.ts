/**
 * How a requirement's quoted words are found in clause text. Both sides go through the same
 * normalisation (quote marks, dashes, spaces, line breaks), so a quote matches whether the
 * library holds a table row on one line or wrapped, but a changed word or number never does.
 */

/** Curly and prime quotes to straight ones, dashes to one dash, every run of white space to one space. */
export function normaliseQuoteText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\s\u00a0\u2009\u202f]+/g, ' ')
    .trim();
}

/**
 * Whether `quote` appears in `text`, both normalised. An empty quote is never found. `cache`
 * keeps normalised texts across calls (a load checks many quotes against one paragraph).
 */
export function containsQuote(text: string, quote: string, cache?: Map<string, string>): boolean {
  const needle = normaliseQuoteText(quote);
  let haystack = cache?.get(text);
  if (haystack === undefined) {
    haystack = normaliseQuoteText(text);
    cache?.set(text, haystack);
  }
  return needle.length > 0 && haystack.includes(needle);
}

/**
 * The paragraph designators of a citation below its section: `213.109(b)(4)` → `['b', '4']`,
 * `213.9` → `[]`.
 */
export function designators(ref: string): string[] {
  return [...ref.matchAll(/\(([^)]+)\)/g)].map((m) => m[1] ?? '');
}

/** `213.109(b)(4)` → `['213.109(b)(4)', '213.109(b)', '213.109']`: the citation and the clauses that may hold it. */
export function enclosingRefs(ref: string): string[] {
  const refs = [ref];
  let current = ref;
  while (/\([^)]+\)$/.test(current)) {
    current = current.replace(/\([^)]+\)$/, '');
    refs.push(current);
  }
  return refs;
}

const ROMAN = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$/;

/** The designator that follows `d` at its level (`a` → `b`, `4` → `5`); undefined for roman numerals, which cannot be told from letters. */
function successor(d: string, level: number): string | undefined {
  if (/^\d+$/.test(d)) return String(Number(d) + 1);
  if (/^[a-z]$/.test(d) && !(level >= 2 && ROMAN.test(d))) return String.fromCharCode(d.charCodeAt(0) + 1);
  if (/^[A-Z]$/.test(d)) return String.fromCharCode(d.charCodeAt(0) + 1);
  return undefined;
}

/**
 * The text of paragraph `designator` within a clause's text: from the line that starts with
 * `(designator)` up to the line that starts with the next designator at that level. Undefined
 * when no line starts with it. `level` is the paragraph depth (0 for `(a)`, 1 for `(1)`, …).
 */
export function paragraphOf(text: string, designator: string, level: number): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`(${designator})`));
  if (start < 0) return undefined;
  const next = successor(designator, level);
  let end = lines.length;
  if (next !== undefined) {
    const found = lines.findIndex((line, i) => i > start && line.startsWith(`(${next})`));
    if (found > 0) end = found;
  }
  return lines.slice(start, end).join('\n');
}

/** A clause of the library as the requirements library needs it. */
export interface LibraryClause {
  ref: string;
  text: string;
  document: { title: string; edition: string };
}

export type ClauseLookup = { found: true; clause: LibraryClause; text: string } | { found: false; reason: string };

/**
 * The text that states citation `ref`: the library's clause with that exact ref, else the
 * nearest clause that holds it (`213.9(a)` inside `213.9`), narrowed to the paragraph the
 * citation names where a line starts with its designator. Roman-numeral levels are not
 * narrowed (their designators read like letters), so their quote is sought in the enclosing text.
 */
export function clauseTextFor(ref: string, clauses: ReadonlyMap<string, LibraryClause>): ClauseLookup {
  const holder = enclosingRefs(ref)
    .map((r) => clauses.get(r))
    .find((c) => c !== undefined);
  if (!holder) return { found: false, reason: `clause ${ref} is not in the library` };
  let text = holder.text;
  const held = designators(holder.ref).length;
  const wanted = designators(ref);
  for (let level = held; level < wanted.length; level += 1) {
    const designator = wanted[level] ?? '';
    if (level >= 2 && ROMAN.test(designator)) break;
    const paragraph = paragraphOf(text, designator, level);
    if (paragraph === undefined) return { found: false, reason: `paragraph (${designator}) of ${ref} is not in clause ${holder.ref} of the library` };
    text = paragraph;
  }
  return { found: true, clause: holder, text };
}
