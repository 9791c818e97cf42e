import type { RankedClause } from '../standards/search';
import { citationLabel } from './citation-policy';
import { escapeRegExp } from '../../../shared/escape-regexp';

export interface VerifiedText {
  /** The text with every citation either written as a retrieved clause's exact label or removed. */
  text: string;
  /** Retrieved clauses the text cites, in order of first citation. */
  cited: RankedClause[];
  /** References that were cited but are not among the retrieved clauses, as written (without the standard). */
  removed: string[];
}

/** A bracketed group not followed by "(" (that would be a Markdown link). */
const BRACKETED = /[ \t]*\[([^[\]\n]{1,200})\](?!\()/g;
const SECTION_MARK = /^(?:§+|sec(?:tion)?\.?|part)\s*/i;
const LOOKS_LIKE_REF = /\d+\.\d+/;

/** Matches the standard's code at the start, tolerating spacing and dots ("49 C.F.R."). */
function codePattern(standardCode: string): RegExp {
  const body = [...standardCode.replace(/\s+/g, '')].map((ch) => `${escapeRegExp(ch)}\\.?`).join('\\s*');
  return new RegExp(`^${body}(?![A-Za-z0-9])\\s*`, 'i');
}

interface ParsedPart {
  ref: string;
  /** True when the part names the standard, a section mark or a numbered reference. */
  citationLike: boolean;
}

function parsePart(part: string, code: RegExp): ParsedPart {
  let p = part.trim();
  let marked = false;
  if (code.test(p)) {
    p = p.replace(code, '');
    marked = true;
  }
  if (SECTION_MARK.test(p)) {
    p = p.replace(SECTION_MARK, '');
    marked = true;
  }
  // "213.9 (a) (1)" → "213.9(a)(1)"; trailing punctuation is not part of a reference.
  const ref = p
    .replace(/\s+(?=\()/g, '')
    .replace(/[.,;:]+$/, '')
    .trim();
  return { ref, citationLike: marked || LOOKS_LIKE_REF.test(ref) };
}

/**
 * Second pass of the generative mode: checks every bracketed citation in the model's text
 * against the clauses it was shown. A citation of a retrieved clause is rewritten to its
 * exact label (a paragraph of a retrieved clause, `213.53(b)` of `213.53`, cites that clause);
 * anything else — an invented reference, a real one that was not retrieved, another
 * standard — is removed. Bracketed text that is not a citation at all is left alone.
 */
export function verifyCitations(text: string, standardCode: string, retrieved: readonly RankedClause[]): VerifiedText {
  const byRef = new Map<string, RankedClause>();
  for (const clause of retrieved) if (clause.standardCode === standardCode && !byRef.has(clause.ref)) byRef.set(clause.ref, clause);
  const byRefLower = new Map([...byRef].map(([ref, clause]) => [ref.toLowerCase(), clause]));
  const code = codePattern(standardCode);

  const find = (ref: string): RankedClause | undefined => {
    const lower = ref.toLowerCase();
    const exact = byRefLower.get(lower);
    if (exact) return exact;
    // The longest retrieved clause that this reference is a paragraph of.
    let best: RankedClause | undefined;
    for (const [candidate, clause] of byRefLower) {
      if (lower.startsWith(`${candidate}(`) && (!best || candidate.length > best.ref.length)) best = clause;
    }
    return best;
  };

  const cited = new Map<string, RankedClause>();
  const removed: string[] = [];
  const verified = text.replace(BRACKETED, (match, inner: string) => {
    const parts = inner.split(/[;,]|\band\b/).map((p) => parsePart(p, code));
    if (!parts.some((p) => p.citationLike)) return match;
    const labels: string[] = [];
    for (const part of parts) {
      if (!part.citationLike || !part.ref) continue;
      const clause = find(part.ref);
      if (!clause) {
        if (!removed.includes(part.ref)) removed.push(part.ref);
        continue;
      }
      cited.set(clause.ref, clause);
      const label = `[${citationLabel(standardCode, clause.ref)}]`;
      if (!labels.includes(label)) labels.push(label);
    }
    if (labels.length === 0) return '';
    const leading = /^[ \t]*/.exec(match)?.[0] ?? '';
    return `${leading}${labels.join(' ')}`;
  });
  return { text: verified, cited: [...cited.values()], removed };
}
