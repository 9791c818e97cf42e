// dxf-parser's Node build exports the parser class itself, which only a default import reaches.
import DxfParser, { type IInsertEntity } from 'dxf-parser';
import type { DocumentContent, ParagraphBlock } from '../../../../shared/schemas/document-content';
import { mtextParagraphs, singleLineText } from './dxf-text';
import { describeError, readFailure } from './errors';

/**
 * Reads a DXF drawing's text annotations (dxf-parser): TEXT, MTEXT, the attribute values of
 * inserted blocks (ATTRIB), and the texts and constant attributes drawn by the blocks inserted,
 * each a paragraph with its handle, layer and layout, ordered as a reader scans a sheet: by
 * layout, then top to bottom, then left to right. Geometry is not read: a drawing states its
 * design values in its annotations ("CURVE C-7  D=4°30'  Ea=5 1/2"  V=50 MPH  CLASS 4").
 */

/** True for a binary DXF, which only its sentinel tells apart. */
export function isBinaryDxf(head: string): boolean {
  return head.startsWith('AutoCAD Binary DXF');
}

/** True for an ASCII DXF: its first group (after comments) opens a section ("  0\nSECTION\n  2\nHEADER"). */
export function isAsciiDxf(head: string): boolean {
  return /^(?:\s*999\r?\n[^\r\n]*\r?\n)*\s*0\r?\nSECTION\r?\n\s*2\r?\n(?:HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)\s*$/m.test(
    head.split(/\r?\n/, 40).join('\n'),
  );
}

/** What the reader keeps of an annotation entity. */
interface Annotation {
  type: string;
  /** dxf-parser numbers an entity without a handle (group 5) itself: only a string is the drawing's own. */
  handle?: string | number;
  layer?: string;
  layout?: string;
  paperSpace?: boolean;
  text: string;
  x: number;
  y: number;
  height: number;
  /** ATTRIB, ATTDEF: 1 invisible, 2 constant. */
  flags: number;
}

type Group = { code: number; value: number | string | boolean };
interface Scanner {
  next(): Group;
  isEOF(): boolean;
}

/**
 * A dxf-parser entity handler keeping what an annotation needs, the layout (group 410) included,
 * which dxf-parser's own handlers drop; it also reads ATTRIB, which dxf-parser skips.
 */
function annotationHandler(type: string) {
  return class {
    readonly ForEntityName = type;
    parseEntity(scanner: Scanner, current: Group): Annotation {
      const entity: Annotation = { type: String(current.value), text: '', x: 0, y: 0, height: 0, flags: 0 };
      let group = scanner.next();
      while (!scanner.isEOF() && group.code !== 0) {
        const value = group.value;
        // MTEXT continues its text in groups 3; an ATTDEF's group 3 is its prompt, never drawn.
        if (group.code === 1 || (group.code === 3 && entity.type === 'MTEXT')) entity.text += String(value);
        else if (group.code === 5) entity.handle = String(value);
        else if (group.code === 8) entity.layer = String(value);
        else if (group.code === 410) entity.layout = String(value);
        else if (group.code === 67) entity.paperSpace = value === 1;
        else if (group.code === 10) entity.x = Number(value);
        else if (group.code === 20) entity.y = Number(value);
        else if (group.code === 40) entity.height = Number(value);
        else if (group.code === 70 && entity.type !== 'MTEXT') entity.flags = Number(value);
        group = scanner.next();
      }
      return entity;
    }
  };
}

type Handler = Parameters<DxfParser['registerEntityHandler']>[0];

function parser(): DxfParser {
  const dxf = new DxfParser();
  for (const type of ['TEXT', 'MTEXT', 'ATTRIB', 'ATTDEF']) dxf.registerEntityHandler(annotationHandler(type) as unknown as Handler);
  return dxf;
}

const isAnnotation = (entity: unknown): entity is Annotation => ['TEXT', 'MTEXT', 'ATTRIB', 'ATTDEF'].includes((entity as { type?: string }).type ?? '');

/** An annotation's paragraphs as they read (an MTEXT may hold several). */
function paragraphsOf(annotation: Annotation): string[] {
  if (annotation.type === 'MTEXT') return mtextParagraphs(annotation.text);
  const text = singleLineText(annotation.text);
  return text ? [text] : [];
}

/** Where an annotation of a block stands once the block is inserted (scaled and turned about the insertion point). */
function placed(annotation: Annotation, insert: IInsertEntity, base: { x: number; y: number }, layout: string): Annotation {
  const angle = ((insert.rotation ?? 0) * Math.PI) / 180;
  const dx = (annotation.x - base.x) * (insert.xScale ?? 1);
  const dy = (annotation.y - base.y) * (insert.yScale ?? 1);
  return {
    ...annotation,
    layout,
    x: (insert.position?.x ?? 0) + dx * Math.cos(angle) - dy * Math.sin(angle),
    y: (insert.position?.y ?? 0) + dx * Math.sin(angle) + dy * Math.cos(angle),
  };
}

const layoutOf = (entity: { layout?: string; paperSpace?: boolean; inPaperSpace?: boolean }) =>
  entity.layout ?? (entity.paperSpace || entity.inPaperSpace ? 'Paper' : 'Model');

/** Layouts in the order they first appear, Model first; in each, rows top to bottom (within half a text height), each left to right. */
function readingOrder(annotations: Annotation[]): Annotation[] {
  const layouts = [...new Set(['Model', ...annotations.map((a) => a.layout ?? 'Model')])];
  return layouts.flatMap((layout) => {
    const here = annotations.filter((a) => (a.layout ?? 'Model') === layout).sort((a, b) => b.y - a.y);
    const rows: Annotation[][] = [];
    for (const annotation of here) {
      const row = rows.at(-1);
      const first = row?.[0];
      if (row && first && first.y - annotation.y <= Math.max(first.height, annotation.height) / 2) row.push(annotation);
      else rows.push([annotation]);
    }
    return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
  });
}

/**
 * Reads an ASCII DXF's annotations into paragraphs, each with `entity` (its handle), `layer`,
 * `layout` and its text with the formatting codes stripped. A drawing without any text is `empty`.
 */
export function readDxf(text: string): DocumentContent {
  let drawing: ReturnType<DxfParser['parseSync']>;
  try {
    drawing = parser().parseSync(text);
  } catch (error) {
    throw readFailure.corrupt(`dxf-parser: ${describeError(error)}`);
  }
  if (!drawing) throw readFailure.corrupt('dxf-parser returned nothing');
  const annotations: Annotation[] = [];
  for (const entity of drawing.entities ?? []) {
    if (isAnnotation(entity)) {
      // An ATTDEF outside a block shows its tag, not a value; an invisible attribute shows nothing.
      if (entity.type === 'ATTDEF' || entity.flags & 1) continue;
      annotations.push({ ...entity, layout: layoutOf(entity) });
      continue;
    }
    if (entity.type !== 'INSERT') continue;
    const insert = entity as IInsertEntity;
    const block = drawing.blocks?.[insert.name];
    if (!block) continue;
    const base = { x: block.position?.x ?? 0, y: block.position?.y ?? 0 };
    for (const inner of block.entities ?? []) {
      // A block draws its texts and its constant attributes; the others are filled by the insert's ATTRIBs.
      if (!isAnnotation(inner) || inner.flags & 1 || (inner.type === 'ATTDEF' && !(inner.flags & 2)) || inner.type === 'ATTRIB') continue;
      annotations.push(placed(inner, insert, base, layoutOf(insert)));
    }
  }
  const blocks: ParagraphBlock[] = readingOrder(annotations).flatMap((annotation) =>
    paragraphsOf(annotation).map((paragraph) => {
      const location: ParagraphBlock['location'] = { text: paragraph, layout: annotation.layout ?? 'Model' };
      if (typeof annotation.handle === 'string') location.entity = annotation.handle;
      if (annotation.layer) location.layer = annotation.layer;
      return { kind: 'paragraph' as const, text: paragraph, location };
    }),
  );
  if (blocks.length === 0) throw readFailure.empty();
  return { type: 'dxf', blocks };
}
