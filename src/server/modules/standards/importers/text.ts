import path from 'node:path';
import { buildSectionClauses, leadingLabels, uniqueRefs, type Block } from './paragraphs';
import { mainDiscipline, type ImportOptions, type ParsedClause, type ParsedDocument } from './types';

/**
 * Plain text and Markdown. Numbered headings (`4.2.1 Rail wear limits`, `## 4.2.1 …`,
 * `§ 213.9 Classes of track …`, `Appendix A …`) start sections; `(a)`, `(1)`, `(i)`, `(A)`
 * paragraphs become clauses (see paragraphs.ts); `Subpart A—General` lines and unnumbered
 * Markdown headings after the title name the group (subpart) of the sections below them.
 * The first unnumbered `#` heading before any section is the document's title.
 */
export function parseText(content: string, options: ImportOptions): ParsedDocument[] {
  const isMarkdown = /\.(md|markdown)$/i.test(options.fileName);
  const discipline = mainDiscipline(options);
  const clauses: ParsedClause[] = [];
  let title: string | undefined;
  let subpart: string | null = null;
  let section: { section: string; heading: string; subpart: string | null; blocks: Block[] } | undefined;
  let current: string[] | undefined;

  const endBlock = () => {
    if (current && section) section.blocks.push({ text: current.join(' ') });
    current = undefined;
  };
  const endSection = () => {
    endBlock();
    if (section) clauses.push(...buildSectionClauses({ ...section, discipline }));
    section = undefined;
  };

  for (const raw of content.replace(/^\uFEFF/, '').split(/\r\n?|\n/)) {
    const line = isMarkdown ? stripMarkdown(raw) : raw.trim();
    if (line === '' || /^\|?\s*:?-{3,}/.test(line) || /^(?:-{3,}|\*{3,}|_{3,})$/.test(line)) {
      endBlock();
      continue;
    }
    const heading = matchHeading(raw.trim(), line);
    if (heading?.kind === 'section') {
      endSection();
      section = { section: heading.section, heading: heading.heading, subpart, blocks: [] };
      continue;
    }
    if (heading?.kind === 'group') {
      endSection();
      if (heading.isTitle && title === undefined && clauses.length === 0) title = heading.text;
      else subpart = heading.text;
      continue;
    }
    if (!section) continue; // preamble before the first numbered heading
    if (leadingLabels(line).length > 0 || line.startsWith('|')) {
      endBlock();
      current = [line];
      if (line.startsWith('|')) endBlock();
      continue;
    }
    (current ??= []).push(line);
  }
  endSection();

  if (clauses.length === 0) {
    throw new Error(`${options.fileName}: no numbered sections or (a)/(1) paragraphs were found`);
  }
  return [
    {
      title: options.title ?? title ?? path.basename(options.fileName).replace(/\.[^.]+$/, ''),
      edition: options.edition ?? 'unspecified',
      source: options.fileName,
      disciplines: [...(options.disciplines ?? [])],
      clauses: uniqueRefs(clauses),
    },
  ];
}

type Heading =
  | { kind: 'section'; section: string; heading: string }
  | { kind: 'group'; text: string; isTitle: boolean };

const NUMBERED = /^(?:§+\s*)?(\d{1,4}(?:\.\d{1,4})*[A-Za-z]?)\.?\s+(\S.*)$/;
const APPENDIX = /^(Appendix\s+[A-Z0-9]{1,3})\b\s*(?:to\s+Part\s+\d+)?\s*[—–:.-]*\s*(.*)$/i;
const SUBPART = /^Subpart\s+([A-Z]{1,2})\s*[—–:.-]+\s*(.+)$/i;

/** `raw` is the trimmed source line (with any `#`), `line` the cleaned text. */
function matchHeading(raw: string, line: string): Heading | undefined {
  const hashes = /^(#{1,6})\s+/.exec(raw);
  const text = hashes ? line.replace(/^#{1,6}\s+/, '').replace(/\s+#+$/, '').trim() : line;
  const subpart = SUBPART.exec(text);
  if (subpart && text.length <= 200) return { kind: 'group', text: `${subpart[1]?.toUpperCase()} — ${subpart[2]?.trim()}`, isTitle: false };
  const appendix = APPENDIX.exec(text);
  if (appendix && (hashes || text.length <= 150)) {
    return { kind: 'section', section: (appendix[1] ?? '').replace(/\s+/, ' '), heading: appendix[2]?.trim() ?? '' };
  }
  const numbered = NUMBERED.exec(text);
  if (numbered) {
    const [, number = '', rest = ''] = numbered;
    const startsWithLetter = /^[A-Z]/.test(rest) || (hashes !== null && /^\p{L}/u.test(rest));
    const isMultiLevel = number.includes('.');
    const isShortTitle = rest.length <= 80 && !/[.,;:]$/.test(rest) && /^\d{1,2}$/.test(number);
    const isSectionSign = /^§/.test(text);
    if (startsWithLetter && (hashes || isSectionSign || (isMultiLevel && rest.length <= 150) || isShortTitle)) {
      return { kind: 'section', section: number, heading: rest.trim() };
    }
  }
  if (hashes) return { kind: 'group', text, isTitle: hashes[1] === '#' };
  return undefined;
}

/** Drops Markdown decoration that would otherwise end up in clause text. */
function stripMarkdown(raw: string): string {
  return raw
    .trim()
    .replace(/^>\s?/, '')
    .replace(/\*\*|__/g, '')
    .replace(/^(?:[-*+]|\d+[.)])\s+(?=\()/, '')
    .replace(/(^|[\s(])[*_](\S[^*_]*?)[*_](?=[\s).,;:]|$)/g, '$1$2')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .trim();
}
