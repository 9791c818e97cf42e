import { isEcfrLayout, parseEcfrLayout } from './pdf-ecfr';
import { readPdfLayout, type PdfLayout, type PdfLine } from './pdf-layout';
import { mainDiscipline, type ImportOptions, type ParsedClause, type ParsedDocument } from './types';

/**
 * PDF importer. eCFR prints of a CFR part ("49 CFR Part 213 (up to date as of ...)") are parsed
 * into the corpus's section/paragraph clauses (see pdf-ecfr.ts); any other PDF falls back to a
 * numbered-heading parser: `4.2.1 Title` lines start sections, `(a)`/`(1)` paragraphs become
 * clauses (`4.2.1(a)`), text before the first paragraph becomes the section-level clause.
 */
export async function parsePdf(data: Uint8Array, options: ImportOptions): Promise<ParsedDocument[]> {
  let layout: PdfLayout;
  try {
    layout = await readPdfLayout(data);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${options.fileName} could not be read as a PDF: ${reason}`);
  }
  if (isEcfrLayout(layout)) return [parseEcfrLayout(layout, options)];
  return [parseNumberedLayout(layout, options)];
}

const HEADING_RE = /^(\d+(?:\.\d+)*)\.?\s+([A-Z][^]{0,150})$/;
const PARAGRAPH_RE = /^\(([a-z]{1,4}|\d{1,3}|[A-Z])\)\s*(.*)$/;
const ROMAN_RE = /^(?:i{1,3}|iv|v|vi{1,3}|ix|x|xi{1,3})$/;

/** Lines repeated on most pages (running headers and footers), keyed with digits blanked out. */
function repeatedLines(layout: PdfLayout): Set<string> {
  const counts = new Map<string, number>();
  for (const page of layout.pages) {
    const seen = new Set(page.map((line) => line.text.replace(/\d+/g, '#')));
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const repeated = new Set<string>();
  if (layout.pages.length < 3) return repeated;
  for (const [key, count] of counts) if (count >= layout.pages.length * 0.6) repeated.add(key);
  return repeated;
}

interface GenericSection {
  number: string;
  heading: string;
  intro: string[];
  paragraphs: { label: string; lines: string[] }[];
}

function parseNumberedLayout(layout: PdfLayout, options: ImportOptions): ParsedDocument {
  const repeated = repeatedLines(layout);
  const lines: PdfLine[] = layout.pages.flat().filter((line) => !repeated.has(line.text.replace(/\d+/g, '#')));
  const sections: GenericSection[] = [];
  let current: GenericSection | null = null;
  let lastLetter = '';
  let path: string[] = [];

  for (const line of lines) {
    const text = line.text;
    const heading = HEADING_RE.exec(text);
    const paragraph = PARAGRAPH_RE.exec(text);
    if (heading && (heading[1]?.includes('.') || line.items[0]?.font !== layout.bodyFont) && !/[;,]$/.test(text)) {
      current = { number: heading[1] ?? '', heading: (heading[2] ?? '').trim(), intro: [], paragraphs: [] };
      sections.push(current);
      path = [];
      lastLetter = '';
      continue;
    }
    if (!current) continue;
    if (paragraph) {
      const label = paragraph[1] ?? '';
      const level = paragraphLevel(label, lastLetter, path.length);
      if (level === 0) lastLetter = label;
      path = [...path.slice(0, level), `(${label})`];
      if (level === 0) current.paragraphs.push({ label: `(${label})`, lines: [] });
      const top = current.paragraphs[current.paragraphs.length - 1];
      if (top) {
        top.lines.push(text);
        continue;
      }
    }
    const top = current.paragraphs[current.paragraphs.length - 1];
    const target = top ? top.lines : current.intro;
    if (target.length === 0 || line.cells) target.push(text);
    else target[target.length - 1] = `${target[target.length - 1]} ${text}`;
  }

  const discipline = mainDiscipline(options);
  const clauses: ParsedClause[] = [];
  for (const section of sections) {
    const base = {
      section: section.number,
      heading: section.heading,
      subpart: null,
      discipline,
    };
    if (section.intro.length > 0) clauses.push({ ...base, ref: section.number, text: section.intro.join('\n') });
    const used = new Set<string>();
    for (const paragraph of section.paragraphs) {
      let ref = `${section.number}${paragraph.label}`;
      for (let n = 2; used.has(ref); n++) ref = `${section.number}${paragraph.label} [${n}]`;
      used.add(ref);
      clauses.push({ ...base, ref, text: paragraph.lines.join('\n') });
    }
  }
  if (clauses.length === 0 || !sections.some((s) => s.paragraphs.length > 0 || s.intro.length > 0)) {
    throw new Error(`No numbered clauses were found in ${options.fileName}`);
  }
  return {
    title: options.title ?? options.fileName.replace(/\.pdf$/i, ''),
    edition: options.edition ?? 'unspecified',
    source: options.fileName,
    disciplines: [...(options.disciplines ?? [])],
    clauses,
  };
}

/** 0 for `(a)`, 1 for `(1)`, 2 for `(i)`, 3 for `(A)`; `(i)` after `(h)` stays a letter. */
function paragraphLevel(label: string, lastLetter: string, depth: number): number {
  if (/^\d+$/.test(label)) return 1;
  if (/^[A-Z]$/.test(label)) return 3;
  if (ROMAN_RE.test(label)) {
    const letterNext = lastLetter !== '' && label.length === 1 && label.charCodeAt(0) === lastLetter.charCodeAt(0) + 1;
    if (!letterNext && depth >= 1) return 2;
  }
  return 0;
}
