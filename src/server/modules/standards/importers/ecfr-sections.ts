import type { PdfLine } from './pdf-layout';

/**
 * Reads the body lines of an eCFR print into sections and their paragraph trees. The print carries
 * no structure, only positions and fonts, so every decision below rests on the page geometry of the
 * eCFR layout (PDF points, origin bottom left), named here.
 */

/** Headings (§, Subpart, Appendix, notes, FR citations) start left of this; running text right of it. */
const LEFT_MARGIN_X = 45;
/** Defined terms of a definitions section start between the margin and this. */
const TERM_MAX_X = 75;
/** Centred subject-group headings in capitals ("DRAFT SYSTEM") start right of this. */
const GROUP_HEADING_MIN_X = 100;
/** A drop larger than this between two lines of a page starts a new block (table, note), never a wrapped line. */
const BLOCK_GAP_Y = 18;
/** A wrapped line starts this close to its paragraph's text column (the print drifts by up to 1.2). */
const WRAP_TOLERANCE_X = 2.5;
/** Two lines this close start at the same x (a defined term that wraps before its verb). */
const SAME_X = 1;
/** A designator item followed by a gap this wide is set apart from its text: `(a)`   `Text`. */
const DESIGNATOR_GAP = 4.5;
/** A designator with its gap is this wide, from its x to its text column. */
const DESIGNATOR_MIN_WIDTH = 14;
const DESIGNATOR_MAX_WIDTH = 32;
/** A paragraph whose text starts within this of the current one's is its sibling, not its child. */
const SIBLING_SLACK_X = 6;
/** "(10) Text" starting this close to a wrapped-text column is a wrapped line that begins with a reference. */
const TEXT_COLUMN_TOLERANCE = 0.35;
/** Lines starting at one x this many times make it a wrapped-text column. */
const TEXT_COLUMN_MIN_LINES = 15;
/** Separate designators hanging from one x this many times make it a paragraph text column. */
const DESIGNATOR_COLUMN_MIN_LINES = 3;

export interface Node {
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

export interface Section {
  section: string;
  heading: string;
  subpart: string | null;
  definitions: boolean;
  intro: string[];
  nodes: Node[];
  /** Editorial notes, used as text only when the section has nothing else (e.g. "not carried in the CFR"). */
  notes: string[];
}

export interface Fonts {
  body: string;
  heading: string;
}

const SECTION_RE = /^§\s*(\d+\.\d+[a-z]?)\s*(.*)$/;
const SECTION_RANGE_RE = /^§§\s*\d+\.\d+/;
const PART_RE = /^PART \d+/;
const SUBPART_RE = /^Subpart ([A-Z]+)\s*[—–-]\s*(.*)$/;
const APPENDIX_RE = /^Appendix(?:es)? ([A-Z]+)(?:\s*[-–—]\s*[A-Z]+)? to Part (\d+)\s*(.*)$/;
const RESERVED_RE = /\[Reserved\]/i;
const DEFINITIONS_RE = /^Definitions?\b/i;
const NOTE_RE = /^(Authority|Source|Editorial Note|Effective Date Note):/;
const FR_CITATION_RE = /^\[\d+ FR \d+/;
const DESIGNATOR_RE = /^\(([a-zA-Z0-9]{1,6})\)$/;
const JOINED_DESIGNATOR_RE = /^\(([a-zA-Z0-9]{1,6})\)\s+\S/;
const TERM_VERB_RE = /^(.*?),?\s+(?:means|mean|is|are|has|have|includes|refers to)\b/;
/** A defined term opens with a capital or digit, perhaps after an opening quote. */
const TERM_START_RE = /^[“"‘]?[A-Z0-9]/;
/** A table-cell separator right after the term ("Term | means …"). */
const TERM_CELL_RE = /^([^|]*?) \| /;
/** A defined term used as a ref is cut to this many characters. */
const TERM_LIMIT = 80;

/** The sections of a part, in print order, from its body lines (page headers and footers removed). */
export function readSections(lines: PdfLine[], fonts: Fonts): Section[] {
  const reader = new SectionReader(lines, fonts);
  lines.forEach((line, index) => reader.read(line, lines[index + 1]));
  return reader.sections;
}

/** Where paragraph text columns are, learnt once per part. */
interface Columns {
  /** Left edges of wrapped text lines. */
  text: number[];
  /** Where text starts after a designator, per level. */
  designators: number[];
}

class SectionReader {
  readonly sections: Section[] = [];
  private readonly columns: Columns;
  private subpart: string | null = null;
  private current: Section | null = null;
  /** The open paragraphs of the current section, outermost first. */
  private stack: Node[] = [];
  /** X of the current section's intro lines, learnt from its first line. */
  private introX: number | null = null;
  /** A heading that may go on over the next heading-font line. */
  private continuing: 'section' | 'subpart' | null = null;
  /** An FR citation or a note whose lines are not clause text. */
  private skipping: 'note' | 'fr' | null = null;
  /** Where a skipped editorial note's lines are kept. */
  private editorial: string[] | null = null;
  private afterCells = false;
  private lastLine: PdfLine | null = null;

  constructor(
    lines: PdfLine[],
    private readonly fonts: Fonts,
  ) {
    this.columns = { text: textColumns(lines), designators: designatorColumns(lines) };
  }

  read(line: PdfLine, next: PdfLine | undefined): void {
    if (this.skipsFederalRegisterCitation(line)) return;
    const heading = isHeadingLine(line, this.fonts.heading);
    if (this.skipping === 'note') {
      if (!heading) {
        this.editorial?.push(line.text);
        return;
      }
      this.skipping = null;
    }
    if (heading && this.readHeading(line)) return;
    this.continuing = null;
    if (this.current) this.readBody(line, next, this.current);
  }

  /** "[63 FR 33992, June 22, 1998, …]" closes a section in the print; it may run over several lines. */
  private skipsFederalRegisterCitation(line: PdfLine): boolean {
    const closes = /\]$/.test(line.text);
    if (this.skipping === 'fr') {
      if (closes) this.skipping = null;
      return true;
    }
    if (!FR_CITATION_RE.test(line.text) || line.x >= LEFT_MARGIN_X) return false;
    if (!closes) this.skipping = 'fr';
    this.continuing = null;
    return true;
  }

  /** Handles a heading-font line; false when it is none of the headings (it is then read as body text). */
  private readHeading(line: PdfLine): boolean {
    const text = line.text;
    if (SECTION_RANGE_RE.test(text) || PART_RE.test(text)) return this.closeSection();
    const section = SECTION_RE.exec(text);
    if (section) return this.openSection(line, section[1] ?? '', (section[2] ?? '').trim());
    const appendix = APPENDIX_RE.exec(text);
    if (appendix) return this.openAppendix(line, appendix);
    const subpart = SUBPART_RE.exec(text);
    if (subpart) {
      this.subpart = `${subpart[1]} — ${(subpart[2] ?? '').trim()}`;
      this.current = null;
      this.continuing = 'subpart';
      return true;
    }
    const note = NOTE_RE.exec(text);
    if (note) return this.startNote(text, note[1] === 'Editorial Note');
    return this.continueHeading(line);
  }

  private closeSection(): true {
    this.current = null;
    this.continuing = null;
    return true;
  }

  private openSection(line: PdfLine, number: string, heading: string): true {
    if (/^\[Reserved\]$/i.test(heading)) return this.closeSection();
    return this.start(line, { section: number, heading, subpart: this.subpart, definitions: DEFINITIONS_RE.test(heading) });
  }

  private openAppendix(line: PdfLine, match: RegExpExecArray): true {
    const rest = (match[3] ?? '').trim();
    if (RESERVED_RE.test(rest) || /^Appendixes/.test(line.text)) return this.closeSection();
    const letter = match[1] ?? '';
    const part = match[2] ?? '';
    return this.start(line, {
      section: `${part} Appendix ${letter}`,
      heading: rest.replace(/^[—–-]\s*/, ''),
      subpart: `Appendix ${letter} to Part ${part}`,
      definitions: false,
    });
  }

  private start(line: PdfLine, head: Pick<Section, 'section' | 'heading' | 'subpart' | 'definitions'>): true {
    const section: Section = { ...head, intro: [], nodes: [], notes: [] };
    this.sections.push(section);
    this.current = section;
    this.stack = [];
    this.introX = null;
    this.afterCells = false;
    this.continuing = 'section';
    this.lastLine = line;
    return true;
  }

  /** Authority, source and effective-date notes are skipped; an editorial note is kept on its section. */
  private startNote(text: string, editorial: boolean): true {
    this.skipping = 'note';
    this.continuing = null;
    if (editorial && this.current) {
      this.current.notes.push(text.replace(NOTE_RE, '').trim());
      this.editorial = this.current.notes;
    } else {
      this.editorial = null;
    }
    return true;
  }

  /** A section or subpart heading too long for one line goes on in the heading font. */
  private continueHeading(line: PdfLine): boolean {
    if (this.continuing === 'section' && this.current) {
      const section = this.current;
      section.heading = `${section.heading} ${line.text}`.trim();
      if (DEFINITIONS_RE.test(section.heading)) section.definitions = true;
      this.lastLine = line;
      return true;
    }
    if (this.continuing === 'subpart' && this.subpart) {
      this.subpart = `${this.subpart} ${line.text}`;
      return true;
    }
    return false;
  }

  private readBody(line: PdfLine, next: PdfLine | undefined, section: Section): void {
    if (isAllCapsGroupHeading(line) && (!next || this.opensSection(next))) return;
    const paragraph = paragraphStart(line, this.columns);
    if (paragraph) {
      const node = this.open(section, { label: paragraph.label, kind: 'paragraph', textX: paragraph.textX, wrapX: paragraph.textX });
      node.parts.push(`${node.label} ${paragraph.rest}`.trim());
    } else if (this.startsDefinedTerm(line, section)) {
      const node = this.open(section, { label: termLabel(line, this.fonts.body), kind: 'term', textX: line.x, wrapX: null });
      node.parts.push(line.text.replace(TERM_CELL_RE, '$1 '));
    } else {
      this.append(line, section);
    }
    this.lastLine = line;
  }

  private opensSection(line: PdfLine): boolean {
    return isHeadingLine(line, this.fonts.heading) && (SECTION_RE.test(line.text) || APPENDIX_RE.test(line.text));
  }

  /** Opens a paragraph or term under the innermost open one that sits further left. */
  private open(section: Section, head: Pick<Node, 'label' | 'kind' | 'textX' | 'wrapX'>): Node {
    const node: Node = { ...head, parts: [], children: [] };
    const stack = this.stack;
    while (stack.length > 0 && (stack[stack.length - 1] as Node).textX >= node.textX - SIBLING_SLACK_X) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else section.nodes.push(node);
    stack.push(node);
    this.afterCells = false;
    return node;
  }

  /** A line in a non-body font at the term indent, unless it continues a term that wrapped before its verb. */
  private startsDefinedTerm(line: PdfLine, section: Section): boolean {
    const first = line.items[0];
    if (!section.definitions || !first || first.font === this.fonts.body || first.font === this.fonts.heading) return false;
    if (line.x <= LEFT_MARGIN_X || line.x >= TERM_MAX_X || !TERM_START_RE.test(line.text)) return false;
    const top = this.stack[this.stack.length - 1];
    const termGoesOn =
      top?.kind === 'term' &&
      top.parts.length === 1 &&
      this.lastLine !== null &&
      Math.abs(this.lastLine.x - line.x) < SAME_X &&
      !TERM_VERB_RE.test(top.parts[0] ?? '');
    return !termGoesOn;
  }

  /** Adds a line to the innermost open paragraph (or the intro): joined when it wraps, else on its own. */
  private append(line: PdfLine, section: Section): void {
    const top = this.stack[this.stack.length - 1];
    const parts = top ? top.parts : section.intro;
    const previous = parts[parts.length - 1];
    const last = this.lastLine;
    const newBlock = last !== null && last.page === line.page && last.y - line.y > BLOCK_GAP_Y;
    // A defined term that wraps before its verb: its second line starts where the term did.
    const termWraps = top?.kind === 'term' && top.parts.length === 1 && Math.abs(line.x - top.textX) < WRAP_TOLERANCE_X;
    let column = termWraps ? line.x : top ? top.wrapX : this.introX;
    if (column === null) {
      column = line.x;
      if (top) top.wrapX = column;
      else this.introX = column;
    }
    const wrapped = Math.abs(line.x - column) < WRAP_TOLERANCE_X;
    // Table rows and the lines after them stand alone.
    if (previous === undefined || line.cells || this.afterCells || newBlock || !wrapped) {
      parts.push(line.text);
    } else if (/[A-Za-z]-$/.test(previous)) {
      parts[parts.length - 1] = previous + line.text;
    } else {
      parts[parts.length - 1] = `${previous} ${line.text}`;
    }
    this.afterCells = line.cells;
  }
}

function isHeadingLine(line: PdfLine, headingFont: string): boolean {
  return line.x < LEFT_MARGIN_X && line.items[0]?.font === headingFont;
}

function isAllCapsGroupHeading(line: PdfLine): boolean {
  const letters = line.text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && !/^TABLE\b/i.test(line.text) && line.x > GROUP_HEADING_MIN_X;
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
  return [...counts].filter(([, count]) => count >= TEXT_COLUMN_MIN_LINES).map(([x]) => x);
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
    if (second.x - (first.x + first.width) < DESIGNATOR_GAP) continue;
    const x = Math.round(second.x);
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= DESIGNATOR_COLUMN_MIN_LINES)
    .map(([x]) => x)
    .sort((a, b) => a - b);
}

/** A paragraph designator at the start of the line, with where its text starts (the indentation level). */
function paragraphStart(line: PdfLine, columns: Columns): { label: string; textX: number; rest: string } | null {
  const first = line.items[0];
  if (!first) return null;
  const str = first.str.trim();
  const second = line.items[1];
  const hangsFrom = (x: number): number | undefined =>
    columns.designators.find((c) => c >= x + DESIGNATOR_MIN_WIDTH && c <= x + DESIGNATOR_MAX_WIDTH);
  const alone = DESIGNATOR_RE.exec(str);
  if (alone) {
    const label = `(${alone[1]})`;
    const rest = line.text.slice(str.length).trim();
    if (second && second.x - (first.x + first.width) >= DESIGNATOR_GAP) return { label, textX: second.x, rest };
    const textX = hangsFrom(first.x);
    if (!second && textX !== undefined) return { label, textX, rest };
    return null;
  }
  const joined = JOINED_DESIGNATOR_RE.exec(str);
  if (!joined) return null;
  // "(10) Text" in one item: a paragraph unless the line starts where wrapped lines start.
  if (columns.text.some((x) => Math.abs(x - first.x) < TEXT_COLUMN_TOLERANCE)) return null;
  const textX = hangsFrom(first.x);
  if (textX === undefined) return null;
  const label = `(${joined[1]})`;
  return { label, textX, rest: line.text.slice(label.length).trim() };
}

/** The defined term a definition paragraph starts with, as the corpus cites it (`214.7 "Fouling a track"`). */
function termLabel(line: PdfLine, bodyFont: string): string {
  const verb = TERM_VERB_RE.exec(line.text.replace(TERM_CELL_RE, '$1 '));
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
