import { readSections, type Node, type Section } from './ecfr-sections';
import type { PdfLayout, PdfLine } from './pdf-layout';
import { mainDiscipline, type ImportOptions, type ParsedClause, type ParsedDocument } from './types';

/**
 * Parser for the eCFR's own print of a CFR part ("49 CFR Part 213 (up to date as of 6/17/2026)").
 * It follows the conventions of shared/corpus/cfr49 (README "ref conventions"): a section is one
 * clause unless its text is longer than {@link SPLIT_LIMIT}; then it becomes an intro clause plus one
 * clause per top-level paragraph, split one level further while a paragraph is still too long.
 * Definitions sections give one clause per defined term. Paragraph levels come from indentation.
 */

/** Longer clauses are split one level further (README: 2,500 characters). */
const SPLIT_LIMIT = 2500;
/**
 * A paragraph with no sub-paragraphs that is longer than twice this (large tables, § 214.336(f)) is cut
 * into pieces of at most this many characters at line boundaries (`214.336(f) [3/17]`).
 */
const PIECE_LIMIT = 4000;
/** The running header's rule sits this far below its text; body lines start under it. */
const HEADER_DEPTH_Y = 13;
/** Body lines end this far above the running footer. */
const FOOTER_CLEARANCE_Y = 2;
/** A part title wraps onto a line at most this far below it and indented right of it by more than TITLE_WRAP_INDENT_X. */
const TITLE_WRAP_DROP_Y = 20;
const TITLE_WRAP_INDENT_X = 10;

/** True when the layout looks like an eCFR print of a CFR part. */
export function isEcfrLayout(layout: PdfLayout): boolean {
  const first = layout.pages.slice(0, 2).flat();
  return first.some((line) => /\(up to date as of \d{1,2}\/\d{1,2}\/\d{4}\)/.test(line.text) || /from the eCFR/.test(line.text));
}

export function parseEcfrLayout(layout: PdfLayout, options: ImportOptions): ParsedDocument {
  const { part, title, edition, headingFont } = readFrontMatter(layout);
  const lines = bodyLines(layout);
  const sections = readSections(lines, { body: layout.bodyFont, heading: headingFont });
  const discipline = mainDiscipline(options);
  const clauses: ParsedClause[] = [];
  for (const section of sections) {
    for (const row of sectionRows(section)) {
      clauses.push({
        ref: row.ref,
        section: section.section,
        heading: section.heading,
        subpart: section.subpart,
        text: row.text,
        discipline,
      });
    }
  }
  if (clauses.length === 0) throw new Error(`No numbered clauses were found in ${options.fileName}`);
  return {
    title: options.title ?? (part ? (title ? `Part ${part} — ${title}` : `Part ${part}`) : options.fileName),
    edition: options.edition ?? edition ?? 'unspecified',
    source: options.fileName,
    disciplines: [...(options.disciplines ?? [])],
    clauses,
  };
}

function readFrontMatter(layout: PdfLayout): { part: string | null; title: string | null; edition: string | null; headingFont: string } {
  let part: string | null = null;
  let title: string | null = null;
  let edition: string | null = null;
  let headingFont = '';
  let titleLine: PdfLine | null = null;
  for (const line of layout.pages.slice(0, 3).flat()) {
    const dated = /(?:CFR )?Part (\d+) \(up to date as of (\d{1,2})\/(\d{1,2})\/(\d{4})\)/.exec(line.text);
    if (dated && !edition) {
      part ??= dated[1] ?? null;
      edition = `eCFR, up to date as of ${dated[4]}-${dated[2]?.padStart(2, '0')}-${dated[3]?.padStart(2, '0')}`;
      const item = line.items.find((i) => i.str.includes('up to date'));
      if (item) headingFont = item.font;
    }
    const named = /^Part (\d+)\s+(\S.*)$/.exec(line.text.replace(/ \| /g, ' '));
    if (named && !title && line.page === 1) {
      part ??= named[1] ?? null;
      title = named[2]?.trim() ?? null;
      titleLine = line;
    } else if (titleLine && line.page === 1 && title && !/^Subpart\b|^§/.test(line.text) && titleLine.y - line.y < TITLE_WRAP_DROP_Y && line.x > titleLine.x + TITLE_WRAP_INDENT_X) {
      // The part title wraps onto the next line (Part 232).
      title = `${title} ${line.text}`;
      titleLine = line;
    } else {
      titleLine = null;
    }
  }
  if (!headingFont) {
    const item = layout.pages[0]?.[0]?.items[0];
    headingFont = item?.font ?? '';
  }
  return { part, title, edition, headingFont };
}

/** All lines of all pages in reading order, without the running page headers and footers. */
function bodyLines(layout: PdfLayout): PdfLine[] {
  const out: PdfLine[] = [];
  for (const page of layout.pages) {
    const header = page.find((line) => /\(up to date as of /.test(line.text));
    const footer = page.find((line) => /\(enhanced display\)|^page \d+ of \d+$|\bpage \d+ of \d+$/.test(line.text));
    const top = header ? header.y - HEADER_DEPTH_Y : Number.POSITIVE_INFINITY;
    const bottom = footer ? footer.y + FOOTER_CLEARANCE_Y : Number.NEGATIVE_INFINITY;
    for (const line of page) {
      if (line.y >= top || line.y <= bottom) continue;
      if (/^This content is from the eCFR/.test(line.text)) continue;
      out.push(line);
    }
  }
  return out;
}

function renderNode(node: Node): string {
  return [...node.parts, ...node.children.map(renderNode)].filter((part) => part !== '').join('\n');
}

function sectionRows(section: Section): { ref: string; text: string }[] {
  const rows: { ref: string; text: string }[] = [];
  const used = new Map<string, number>();
  const push = (ref: string, text: string): void => {
    if (text.trim() === '') return;
    const seen = used.get(ref) ?? 0;
    used.set(ref, seen + 1);
    rows.push({ ref: seen === 0 ? ref : `${ref} [${seen + 1}]`, text });
  };
  const base = section.section;
  const intro = section.intro.join('\n');
  const whole = [intro, ...section.nodes.map(renderNode)].filter((t) => t !== '').join('\n');

  if (section.definitions) {
    push(base, intro);
    for (const node of section.nodes) {
      const ref = node.kind === 'term' ? `${base} "${node.label}"` : `${base}${node.label}`;
      push(ref, renderNode(node));
    }
    return rows;
  }
  if (whole === '') {
    if (section.notes.length > 0) push(base, section.notes.join(' '));
    return rows;
  }
  if (whole.length <= SPLIT_LIMIT) {
    push(base, whole);
    return rows;
  }
  if (section.nodes.length === 0) {
    pieces(whole, SPLIT_LIMIT).forEach((piece, i) => rows.push({ ref: `${base} [${i + 1}]`, text: piece }));
    return rows;
  }
  push(base, intro);
  const emit = (node: Node, prefix: string): void => {
    const ref = `${prefix}${node.label}`;
    const text = renderNode(node);
    if (text.length > SPLIT_LIMIT && node.children.length > 0) {
      push(ref, node.parts.join('\n'));
      for (const child of node.children) emit(child, ref);
      return;
    }
    if (text.length > PIECE_LIMIT * 2 && node.children.length === 0) {
      const cut = pieces(text, PIECE_LIMIT);
      if (cut.length > 1) {
        cut.forEach((piece, i) => rows.push({ ref: `${ref} [${i + 1}/${cut.length}]`, text: piece }));
        return;
      }
    }
    push(ref, text);
  };
  for (const node of section.nodes) emit(node, base);
  return rows;
}

/** Cuts text into pieces of at most `limit` characters at line boundaries. */
function pieces(text: string, limit: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (current !== '' && current.length + 1 + line.length > limit) {
      out.push(current);
      current = line;
    } else {
      current = current === '' ? line : `${current}\n${line}`;
    }
  }
  if (current !== '') out.push(current);
  return out;
}
