import type { PdfLayout, PdfLine } from './pdf-layout';
import type { ImportOptions, ParsedClause, ParsedDocument } from './types';

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
/** A defined term used as a ref is cut to this many characters. */
const TERM_LIMIT = 80;

interface Node {
  /** `(a)` style designator, or the quoted term for a definition. */
  label: string;
  kind: 'paragraph' | 'term';
  /** X of the paragraph's text (after the designator); deeper paragraphs sit further right. */
  textX: number;
  /** X where its wrapped lines start; learnt from the first one when not known. */
  wrapX: number | null;
  /** Text lines: the first starts with the designator; wrapped lines are joined with spaces. */
  parts: string[];
  children: Node[];
}

interface Section {
  section: string;
  heading: string;
  subpart: string | null;
  definitions: boolean;
  intro: string[];
  nodes: Node[];
  /** Editorial notes, used as text only when the section has nothing else (e.g. "not carried in the CFR"). */
  notes: string[];
}

/** True when the layout looks like an eCFR print of a CFR part. */
export function isEcfrLayout(layout: PdfLayout): boolean {
  const first = layout.pages.slice(0, 2).flat();
  return first.some((line) => /\(up to date as of \d{1,2}\/\d{1,2}\/\d{4}\)/.test(line.text) || /from the eCFR/.test(line.text));
}

export function parseEcfrLayout(layout: PdfLayout, options: ImportOptions): ParsedDocument {
  const { part, title, edition, headingFont } = readFrontMatter(layout);
  const lines = bodyLines(layout);
  const sections = buildSections(lines, layout.bodyFont, headingFont);
  const discipline = options.discipline ?? null;
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
    discipline,
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
    } else if (titleLine && line.page === 1 && title && !/^Subpart\b|^§/.test(line.text) && titleLine.y - line.y < 20 && line.x > titleLine.x + 10) {
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
    const top = header ? header.y - 13 : Number.POSITIVE_INFINITY;
    const bottom = footer ? footer.y + 2 : Number.NEGATIVE_INFINITY;
    for (const line of page) {
      if (line.y >= top || line.y <= bottom) continue;
      if (/^This content is from the eCFR/.test(line.text)) continue;
      out.push(line);
    }
  }
  return out;
}

const SECTION_RE = /^§\s*(\d+\.\d+[a-z]?)\s*(.*)$/;
const SECTION_RANGE_RE = /^§§\s*\d+\.\d+/;
const SUBPART_RE = /^Subpart ([A-Z]+)\s*[—–-]\s*(.*)$/;
const APPENDIX_RE = /^Appendix(?:es)? ([A-Z]+)(?:\s*[-–—]\s*[A-Z]+)? to Part (\d+)\s*(.*)$/;
const NOTE_RE = /^(Authority|Source|Editorial Note|Effective Date Note):/;
const FR_NOTE_RE = /^\[\d+ FR \d+/;
const DESIGNATOR_RE = /^\(([a-zA-Z0-9]{1,6})\)$/;

function isHeadingLine(line: PdfLine, headingFont: string): boolean {
  return line.x < 45 && line.items[0]?.font === headingFont;
}

function isAllCapsGroupHeading(line: PdfLine): boolean {
  const letters = line.text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && !/^TABLE\b/i.test(line.text) && line.x > 100;
}

function buildSections(lines: PdfLine[], bodyFont: string, headingFont: string): Section[] {
  const sections: Section[] = [];
  let subpart: string | null = null;
  let current = null as Section | null;
  let stack: Node[] = [];
  /** Where a heading is being continued on the next line. */
  let continuing: 'section' | 'subpart' | null = null;
  let skipping: 'note' | 'fr' | null = null;
  let editorial = null as string[] | null;
  let afterCells = false;
  let lastLine: PdfLine | null = null;
  const columns: Layout = { text: textColumns(lines), designators: designatorColumns(lines) };

  let introX: number | null = null;
  const startSection = (section: Section): void => {
    current = section;
    introX = null;
    sections.push(section);
    stack = [];
    afterCells = false;
  };

  const append = (line: PdfLine): void => {
    if (!current) return;
    const top = stack[stack.length - 1];
    const parts = top ? top.parts : current.intro;
    const text = line.text;
    // A wrapped line continues the previous text line; table rows and lines after them stand alone.
    const previous = parts[parts.length - 1];
    const newBlock = lastLine !== null && lastLine.page === line.page && lastLine.y - line.y > 18;
    // Wrapped lines of a paragraph start at its text column (+1.2 pt); anything else (tables, notes) stands alone.
    // A defined term that wraps before its verb: its second line starts where the term did.
    const termWraps = top?.kind === 'term' && top.parts.length === 1 && Math.abs(line.x - top.textX) < 2.5;
    let column = top ? top.wrapX : introX;
    if (termWraps) column = line.x;
    if (column === null) {
      column = line.x;
      if (top) top.wrapX = column;
      else introX = column;
    }
    const wrapped = Math.abs(line.x - column) < 2.5;
    if (previous === undefined || line.cells || afterCells || newBlock || !wrapped) {
      parts.push(text);
    } else if (/[A-Za-z]-$/.test(previous)) {
      parts[parts.length - 1] = previous + text;
    } else {
      parts[parts.length - 1] = `${previous} ${text}`;
    }
    afterCells = line.cells;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as PdfLine;
    const text = line.text;
    const heading = isHeadingLine(line, headingFont);

    if (skipping === 'fr') {
      if (/\]$/.test(text)) skipping = null;
      continue;
    }
    if (FR_NOTE_RE.test(text) && line.x < 45) {
      if (!/\]$/.test(text)) skipping = 'fr';
      continuing = null;
      continue;
    }
    if (skipping === 'note') {
      if (!heading) {
        editorial?.push(text);
        continue;
      }
      skipping = null;
    }

    if (heading) {
      const section = SECTION_RE.exec(text);
      const appendix = APPENDIX_RE.exec(text);
      const sub = SUBPART_RE.exec(text);
      if (SECTION_RANGE_RE.test(text)) {
        current = null;
        continuing = null;
        continue;
      }
      if (section) {
        const headingText = (section[2] ?? '').trim();
        if (/^\[Reserved\]$/i.test(headingText)) {
          current = null;
          continuing = null;
          continue;
        }
        startSection({
          section: section[1] ?? '',
          heading: headingText,
          subpart,
          definitions: /^Definitions?\b/i.test(headingText),
          intro: [],
          nodes: [],
          notes: [],
        });
        continuing = 'section';
        lastLine = line;
        continue;
      }
      if (appendix) {
        const rest = (appendix[3] ?? '').trim();
        if (/\[Reserved\]/i.test(rest) || /^Appendixes/.test(text)) {
          current = null;
          continuing = null;
          continue;
        }
        const letter = appendix[1] ?? '';
        const partNo = appendix[2] ?? '';
        startSection({
          section: `${partNo} Appendix ${letter}`,
          heading: rest.replace(/^[—–-]\s*/, ''),
          subpart: `Appendix ${letter} to Part ${partNo}`,
          definitions: false,
          intro: [],
          nodes: [],
          notes: [],
        });
        continuing = 'section';
        lastLine = line;
        continue;
      }
      if (sub) {
        subpart = `${sub[1]} — ${(sub[2] ?? '').trim()}`;
        current = null;
        continuing = 'subpart';
        continue;
      }
      if (/^PART \d+/.test(text)) {
        current = null;
        continuing = null;
        continue;
      }
      const note = NOTE_RE.exec(text);
      if (note) {
        skipping = 'note';
        continuing = null;
        if (note[1] === 'Editorial Note' && current) {
          const notes = current.notes;
          notes.push(text.replace(NOTE_RE, '').trim());
          editorial = notes;
        } else {
          editorial = null;
        }
        continue;
      }
      if (continuing === 'section' && current) {
        const section: Section = current;
        section.heading = `${section.heading} ${text}`.trim();
        if (/^Definitions?\b/i.test(section.heading)) section.definitions = true;
        lastLine = line;
        continue;
      }
      if (continuing === 'subpart' && subpart) {
        subpart = `${subpart} ${text}`;
        continue;
      }
    }
    continuing = null;
    if (!current) continue;
    const section: Section = current;

    // All-caps subject-group headings ("DRAFT SYSTEM") stand just before a section heading.
    if (isAllCapsGroupHeading(line)) {
      const next = lines[index + 1];
      if (!next || (isHeadingLine(next, headingFont) && (SECTION_RE.test(next.text) || APPENDIX_RE.test(next.text)))) continue;
    }

    const first = line.items[0];
    const paragraph = first ? paragraphStart(line, columns) : null;
    if (first && paragraph) {
      const node: Node = {
        label: paragraph.label,
        kind: 'paragraph',
        textX: paragraph.textX,
        wrapX: paragraph.textX,
        parts: [],
        children: [],
      };
      attach(section, stack, node);
      node.parts.push(`${node.label} ${paragraph.rest}`.trim());
      afterCells = false;
      lastLine = line;
      continue;
    }
    const top = stack[stack.length - 1];
    const termGoesOn =
      top?.kind === 'term' && top.parts.length === 1 && lastLine !== null && Math.abs(lastLine.x - line.x) < 1 && !TERM_VERB_RE.test(top.parts[0] ?? '');
    if (
      section.definitions &&
      first &&
      first.font !== bodyFont &&
      first.font !== headingFont &&
      line.x > 45 &&
      line.x < 75 &&
      /^[“"‘]?[A-Z0-9]/.test(line.text) &&
      !termGoesOn
    ) {
      const node: Node = {
        label: termLabel(line, bodyFont),
        kind: 'term',
        textX: line.x,
        wrapX: null,
        parts: [line.text.replace(/^([^|]*?) \| /, '$1 ')],
        children: [],
      };
      attach(section, stack, node);
      afterCells = false;
      lastLine = line;
      continue;
    }
    append(line);
    lastLine = line;
  }
  return sections;
}

/**
 * X positions where wrapped text lines start (the left edges of running text), most common first.
 * A line starting `(b) of this section` at one of them is a wrapped line, not a paragraph.
 */
function textColumns(lines: PdfLine[]): number[] {
  const counts = new Map<number, number>();
  for (const line of lines) {
    if (line.text.startsWith('(')) continue;
    const x = Math.round(line.x * 10) / 10;
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= 15).map(([x]) => x);
}

/**
 * X positions where paragraph text starts after a designator (one per indentation level), learnt
 * from the lines where the designator is a separate item: `(a)` at 59.9 with its text at 82.1.
 */
function designatorColumns(lines: PdfLine[]): number[] {
  const counts = new Map<number, number>();
  for (const line of lines) {
    const [first, second] = line.items;
    if (!first || !second || !DESIGNATOR_RE.test(first.str.trim())) continue;
    if (second.x - (first.x + first.width) < 4.5) continue;
    const x = Math.round(second.x);
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= 3)
    .map(([x]) => x)
    .sort((a, b) => a - b);
}

interface Layout {
  /** Left edges of wrapped text lines. */
  text: number[];
  /** Where text starts after a designator, per level. */
  designators: number[];
}

/** A paragraph designator at the start of the line, with where its text starts (the indentation level). */
function paragraphStart(line: PdfLine, columns: Layout): { label: string; textX: number; rest: string } | null {
  const first = line.items[0];
  if (!first) return null;
  const str = first.str.trim();
  const alone = DESIGNATOR_RE.exec(str);
  const second = line.items[1];
  // The text column a designator starting at `x` hangs from (designators are 14-32 points wide with their gap).
  const column = (x: number): number | undefined => columns.designators.find((c) => c >= x + 14 && c <= x + 32);
  if (alone) {
    const label = `(${alone[1]})`;
    const rest = line.text.slice(str.length).trim();
    if (second && second.x - (first.x + first.width) >= 4.5) return { label, textX: second.x, rest };
    const textX = column(first.x);
    if (!second && textX !== undefined) return { label, textX, rest };
    return null;
  }
  const joined = /^\(([a-zA-Z0-9]{1,6})\)\s+\S/.exec(str);
  if (!joined) return null;
  // "(10) Text" in one item: a paragraph unless the line starts where wrapped lines start.
  if (columns.text.some((x) => Math.abs(x - first.x) < 0.35)) return null;
  const textX = column(first.x);
  if (textX === undefined) return null;
  const label = `(${joined[1]})`;
  return { label, textX, rest: line.text.slice(label.length).trim() };
}

function attach(section: Section, stack: Node[], node: Node): void {
  while (stack.length > 0 && (stack[stack.length - 1] as Node).textX >= node.textX - 6) stack.pop();
  const parent = stack[stack.length - 1];
  if (parent) parent.children.push(node);
  else section.nodes.push(node);
  stack.push(node);
}

const TERM_VERB_RE = /^(.*?),?\s+(?:means|mean|is|are|has|have|includes|refers to)\b/;

/** The defined term a definition paragraph starts with, as the corpus cites it (`214.7 "Fouling a track"`). */
function termLabel(line: PdfLine, bodyFont: string): string {
  const text = line.text;
  const verb = TERM_VERB_RE.exec(text.replace(/^([^|]*?) \| /, '$1 '));
  let label = verb?.[1];
  if (!label) {
    const italic: string[] = [];
    for (const item of line.items) {
      if (item.font === bodyFont) break;
      italic.push(item.str);
    }
    label = italic.join('');
  }
  label = label.replace(/^[“"‘']+/, '').replace(/[\s,;:]+$/, '').trim();
  return label.slice(0, TERM_LIMIT);
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
