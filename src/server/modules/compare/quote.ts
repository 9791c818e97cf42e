import { termsIn } from './provisions';

/** A clause up to this long is quoted whole; a longer one by its best passage. */
export const QUOTE_CHARS = 700;

/** Where each sentence or line of a text starts and ends (offsets into the text itself). */
function spans(text: string): { start: number; end: number }[] {
  const result: { start: number; end: number }[] = [];
  const boundary = /(?<=[.;:])\s+(?=[("“A-Z0-9•])|\n+/g;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index;
    if (end > start) result.push({ start, end });
    start = end + match[0].length;
  }
  if (start < text.length) result.push({ start, end: text.length });
  return result;
}

/**
 * What a comparison quotes of a clause: the whole text when it is short, else the run of
 * sentences that holds most of the topic's terms, from its best sentence on, up to
 * `QUOTE_CHARS`. Always an exact excerpt: `text.includes(quote)` holds, so every quote can be
 * checked against the library word for word.
 */
export function quoteOf(text: string, terms: string[], max = QUOTE_CHARS): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const parts = spans(text);
  if (parts.length === 0) return trimmed.slice(0, max);
  let bestIndex = 0;
  let bestHits = -1;
  parts.forEach((p, i) => {
    const hits = termsIn(text.slice(p.start, p.end), terms);
    if (hits > bestHits) {
      bestHits = hits;
      bestIndex = i;
    }
  });
  const first = parts[bestIndex]!;
  let end = first.end;
  for (let i = bestIndex + 1; i < parts.length && parts[i]!.end - first.start <= max; i++) end = parts[i]!.end;
  const excerpt = text.slice(first.start, end).trim();
  if (excerpt.length <= max) return excerpt;
  // One sentence longer than the limit: cut at a word.
  return excerpt.slice(0, max).replace(/\s+\S*$/, '');
}
