import type { ParsedClause } from './types';

/**
 * Turns the paragraphs of one section into clauses, following the corpus convention
 * (shared/corpus/cfr49/README.md "ref conventions"):
 * - text before the first designated paragraph is a clause whose ref is the section;
 * - each top-level paragraph (`(a)`, or `(1)` where a section starts with numbers) is one
 *   clause including its sub-paragraphs, each sub-paragraph on a new line;
 * - a top-level paragraph longer than {@link SPLIT_ABOVE_CHARS} is split one level further
 *   (lead-in row `4.2.1(a)` + child rows `4.2.1(a)(1)`);
 * - in definition sections, each defined term is a clause `214.7 "Fouling a track"`;
 * - a repeated ref gets ` [2]`, ` [3]` … so refs stay unique within a document.
 */

/** One paragraph of source text; `term` marks a definition ("*Term* means …"). */
export interface Block {
  text: string;
  term?: string | undefined;
}

export interface SectionInput {
  section: string;
  heading: string;
  subpart: string | null;
  discipline: string | null;
  blocks: Block[];
}

export const SPLIT_ABOVE_CHARS = 2500;

type LabelKind = 'lower' | 'number' | 'roman' | 'upper';

const LEADING_LABELS = /^((?:\s*\([0-9A-Za-z]{1,5}\))+)(?=\s|$)/;
const ROMAN = /^(?=[ivxl])x{0,3}(?:ix|iv|v?i{0,3})$/;

/** The designators a paragraph starts with: `(a)(1) Text` → `['a', '1']`. */
export function leadingLabels(text: string): string[] {
  const match = LEADING_LABELS.exec(text.trimStart());
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\(([0-9A-Za-z]{1,5})\)/g)].map((m) => m[1] ?? '');
}

function baseKind(label: string): LabelKind | 'ambiguous' | null {
  if (/^\d{1,3}$/.test(label)) return 'number';
  if (/^[A-Z]{1,2}$/.test(label)) return 'upper';
  if (/^[ivx]$/.test(label)) return 'ambiguous';
  if (ROMAN.test(label) && label.length > 1) return 'roman';
  if (/^([a-z])\1?$/.test(label)) return 'lower';
  return null;
}

const ROMAN_SUCCESSOR: Record<string, string> = { i: 'ii', v: 'vi', x: 'xi' };

function previousLetter(label: string): string {
  return String.fromCharCode(label.charCodeAt(0) - 1);
}

/**
 * Kinds of the first designator of each labelled block. `(i)`, `(v)` and `(x)` are letters
 * when they follow `(h)`, `(u)`, `(w)` at the letter level, else roman numerals; when a
 * sub-paragraph came in between, the next label decides (`(ii)` follows a roman `(i)`).
 */
function classify(labels: (string | undefined)[]): (LabelKind | null)[] {
  const kinds: (LabelKind | null)[] = [];
  let lastLetter: string | undefined;
  let previous: string | undefined;
  labels.forEach((label, index) => {
    if (label === undefined) {
      kinds.push(null);
      return;
    }
    let kind = baseKind(label);
    if (kind === 'ambiguous') {
      if (lastLetter !== undefined && previousLetter(label) === lastLetter) {
        const next = labels.slice(index + 1).find((l) => l !== undefined);
        kind = previous === lastLetter || next !== ROMAN_SUCCESSOR[label] ? 'lower' : 'roman';
      } else {
        kind = 'roman';
      }
    }
    if (kind === 'lower') lastLetter = label;
    previous = label;
    kinds.push(kind);
  });
  return kinds;
}

interface Paragraph {
  label: string;
  lines: string[];
  /** Sub-paragraphs at the next level, for splitting a long paragraph. */
  children: { label: string; lines: string[] }[];
}

/** Clauses of one section, in order. */
export function buildSectionClauses(input: SectionInput): ParsedClause[] {
  const blocks = input.blocks.map((b) => ({ ...b, text: b.text.trim() })).filter((b) => b.text !== '');
  const labels = blocks.map((b) => (b.term ? undefined : leadingLabels(b.text)[0]));
  const kinds = classify(labels);
  const isDefinitions = blocks.some((b) => b.term);

  const intro: string[] = [];
  const clauses: { ref: string; text: string }[] = [];
  let topKind: LabelKind | undefined;
  let subKind: LabelKind | undefined;
  let paragraph: Paragraph | undefined;
  let term: { ref: string; lines: string[] } | undefined;

  const flush = () => {
    if (paragraph) clauses.push(...paragraphClauses(input.section, paragraph));
    if (term) clauses.push({ ref: term.ref, text: term.lines.join('\n') });
    paragraph = undefined;
    term = undefined;
  };

  blocks.forEach((block, index) => {
    const kind = kinds[index];
    const label = labels[index];
    if (block.term) {
      flush();
      term = { ref: `${input.section} "${block.term}"`, lines: [block.text] };
      return;
    }
    if (term) {
      // Everything after a defined term, up to the next term, belongs to it.
      term.lines.push(block.text);
      return;
    }
    if (kind && label && !isDefinitions) {
      topKind ??= kind;
      if (kind === topKind) {
        flush();
        subKind = undefined;
        paragraph = { label, lines: [block.text], children: [] };
        return;
      }
      if (paragraph) {
        subKind ??= kind;
        paragraph.lines.push(block.text);
        if (kind === subKind) paragraph.children.push({ label, lines: [block.text] });
        else paragraph.children.at(-1)?.lines.push(block.text);
        return;
      }
    }
    if (paragraph) {
      paragraph.lines.push(block.text);
      paragraph.children.at(-1)?.lines.push(block.text);
    } else {
      intro.push(block.text);
    }
  });
  flush();

  const rows = intro.length > 0 ? [{ ref: input.section, text: intro.join('\n') }, ...clauses] : clauses;
  return rows.map((row) => ({
    ref: row.ref,
    section: input.section,
    heading: input.heading,
    subpart: input.subpart,
    text: row.text,
    discipline: input.discipline,
  }));
}

function paragraphClauses(section: string, p: Paragraph): { ref: string; text: string }[] {
  const ref = `${section}(${p.label})`;
  const text = p.lines.join('\n');
  if (text.length <= SPLIT_ABOVE_CHARS || p.children.length === 0) return [{ ref, text }];
  const childLines = p.children.reduce((n, c) => n + c.lines.length, 0);
  const leadIn = p.lines.slice(0, p.lines.length - childLines);
  return [{ ref, text: leadIn.join('\n') }, ...p.children.map((c) => ({ ref: `${ref}(${c.label})`, text: c.lines.join('\n') }))];
}

/** Makes refs unique within a document: a repeated ref gets ` [2]`, ` [3]` … */
export function uniqueRefs(clauses: ParsedClause[]): ParsedClause[] {
  const seen = new Map<string, number>();
  return clauses.map((c) => {
    const n = (seen.get(c.ref) ?? 0) + 1;
    seen.set(c.ref, n);
    return n === 1 ? c : { ...c, ref: `${c.ref} [${n}]` };
  });
}
