import { XMLParser } from 'fast-xml-parser';
import type { DocumentBlock, DocumentContent, TableRow } from '../../../../shared/schemas/document-content';
import { readFailure } from './errors';
import { columnUnit, detectHeaderRow, fitRow, isBlankRow } from './tables';
import { attr, child, children, OFFICE_XML_OPTIONS, parseXml } from './xml';
import { unpackOffice } from './zip';

/** An element as fast-xml-parser gives it with `preserveOrder`: `{ tag: children, ':@': attributes }`. */
type OrderedNode = Record<string, unknown>;

function tagOf(node: OrderedNode): string {
  return Object.keys(node).find((key) => key !== ':@') ?? '';
}

function kids(node: OrderedNode): OrderedNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as OrderedNode[]) : [];
}

function attribute(node: OrderedNode, name: string): string | undefined {
  const attributes = node[':@'] as Record<string, unknown> | undefined;
  const value = attributes?.[`@_${name}`];
  return value === undefined ? undefined : String(value);
}

function find(node: OrderedNode, tag: string): OrderedNode | undefined {
  return kids(node).find((item) => tagOf(item) === tag);
}

/** Elements whose text is not part of what the document says now (deleted runs, field codes). */
const SKIPPED = new Set(['del', 'delText', 'instrText', 'pPr', 'rPr', 'moveFrom', 'fldData']);

/** The text of a paragraph as written: runs, tabs as "\t", breaks as "\n"; deleted text left out. */
function paragraphText(node: OrderedNode): string {
  let text = '';
  const walk = (item: OrderedNode) => {
    const tag = tagOf(item);
    // Text outside <w:t> is only the XML's indentation.
    if (SKIPPED.has(tag) || tag === '#text') return;
    if (tag === 'tab' || tag === 'ptab') text += '\t';
    else if (tag === 'br' || tag === 'cr') text += '\n';
    else if (tag === 'noBreakHyphen') text += '\u2011';
    else if (tag === 'softHyphen') text += '\u00AD';
    // Footnote and comment references carry no text of the paragraph.
    if (tag === 't') {
      for (const part of kids(item)) if (tagOf(part) === '#text') text += String(part['#text']);
      return;
    }
    for (const part of kids(item)) walk(part);
  };
  walk(node);
  return text;
}

interface Style {
  name: string;
  outline?: number;
  basedOn?: string;
}

function readStyles(xml: string | undefined): Map<string, Style> {
  const styles = new Map<string, Style>();
  if (!xml) return styles;
  for (const style of children(child(parseXml(xml, ['style']), 'styles'), 'style')) {
    const id = attr(style, 'styleId');
    if (!id) continue;
    const outline = attr(child(child(style, 'pPr'), 'outlineLvl'), 'val');
    styles.set(id, {
      name: attr(child(style, 'name'), 'val') ?? id,
      outline: outline === undefined ? undefined : Number(outline),
      basedOn: attr(child(style, 'basedOn'), 'val'),
    });
  }
  return styles;
}

/** The heading level (1 = top) of a paragraph style, from its name ("heading 2"), its id or its outline level. */
function headingLevel(styleId: string | undefined, styles: Map<string, Style>, outline: string | undefined): number | undefined {
  if (outline !== undefined && Number(outline) < 9) return Number(outline) + 1;
  for (let id = styleId, depth = 0; id && depth < 10; depth++) {
    const style = styles.get(id);
    const named = /^heading\s*(\d)$/i.exec(style?.name ?? id);
    if (named) return Number(named[1]);
    if (/^title$/i.test(style?.name ?? id)) return undefined;
    if (style?.outline !== undefined && style.outline < 9) return style.outline + 1;
    id = style?.basedOn;
  }
  return undefined;
}

function cellText(cell: OrderedNode): string {
  const parts: string[] = [];
  const walk = (item: OrderedNode) => {
    const tag = tagOf(item);
    if (tag === 'p') parts.push(paragraphText(item));
    else if (tag === 'tbl')
      for (const row of kids(item).filter((r) => tagOf(r) === 'tr'))
        parts.push(
          kids(row)
            .filter((c) => tagOf(c) === 'tc')
            .map(cellText)
            .join(' | '),
        );
    else if (tag !== 'tcPr') for (const part of kids(item)) walk(part);
  };
  for (const part of kids(cell)) walk(part);
  return parts.join('\n');
}

/**
 * Reads a Word document's body in order: paragraphs with the heading above them and their number
 * under it, and tables (w:tbl) with the header row detected, the heading above and the caption
 * paragraph ("Table 4-1 …") just before. Text is kept as written.
 */
export async function readDocx(data: Uint8Array, options: { maxInflatedBytes?: number } = {}): Promise<DocumentContent> {
  const files = await unpackOffice(data, (name) => name === 'word/document.xml' || name === 'word/styles.xml', options.maxInflatedBytes);
  const documentXml = files.get('word/document.xml');
  if (!documentXml) throw readFailure.corrupt('word/document.xml is missing');
  const styles = readStyles(files.get('word/styles.xml'));
  let tree: OrderedNode[];
  try {
    tree = new XMLParser({ ...OFFICE_XML_OPTIONS, preserveOrder: true }).parse(documentXml) as OrderedNode[];
  } catch (error) {
    throw readFailure.corrupt(error instanceof Error ? error.message : String(error));
  }
  const documentNode = tree.find((node) => tagOf(node) === 'document');
  const body = documentNode ? find(documentNode, 'body') : undefined;
  if (!body) throw readFailure.corrupt('the document has no body');

  const blocks: DocumentBlock[] = [];
  let section: string | undefined;
  let paragraphNumber = 0;
  let lastParagraph: string | undefined;

  const visit = (node: OrderedNode) => {
    const tag = tagOf(node);
    if (tag === 'p') {
      const text = paragraphText(node);
      const properties = find(node, 'pPr');
      const styleId = properties ? attribute(find(properties, 'pStyle') ?? {}, 'val') : undefined;
      const outline = properties ? attribute(find(properties, 'outlineLvl') ?? {}, 'val') : undefined;
      if (text.trim() === '') return;
      const level = headingLevel(styleId, styles, outline);
      if (level !== undefined) {
        section = text.trim();
        paragraphNumber = 0;
        blocks.push({ kind: 'paragraph', text, headingLevel: level, location: { section, text } });
      } else {
        paragraphNumber++;
        blocks.push({ kind: 'paragraph', text, location: { ...(section ? { section } : {}), paragraph: paragraphNumber, text } });
      }
      lastParagraph = text;
      return;
    }
    if (tag === 'tbl') {
      const rows = kids(node)
        .filter((row) => tagOf(row) === 'tr')
        .map((row) =>
          kids(row)
            .filter((cell) => tagOf(cell) === 'tc')
            .map(cellText),
        );
      const headerIndex = detectHeaderRow(rows);
      const header = rows[headerIndex];
      if (!header) return;
      const columns = header.map((cell) => cell.trim());
      const tableRows: TableRow[] = [];
      rows.forEach((cells, index) => {
        if (index <= headerIndex || isBlankRow(cells)) return;
        const fitted = fitRow(cells, columns.length);
        tableRows.push({ cells: fitted, location: { row: index + 1, text: cells.join(' | ') } });
      });
      const caption = lastParagraph !== undefined && /^\s*Table\s+[\w.-]+/i.test(lastParagraph) ? lastParagraph.trim() : undefined;
      blocks.push({
        kind: 'table',
        ...(section ? { section } : {}),
        ...(caption ? { caption } : {}),
        headerRow: headerIndex + 1,
        columns,
        units: columns.map(columnUnit),
        rows: tableRows,
      });
      lastParagraph = undefined;
      return;
    }
    // Content controls, custom XML and the like wrap paragraphs and tables.
    if (tag === 'sdt' || tag === 'sdtContent' || tag === 'customXml' || tag === 'ins' || tag === 'smartTag') for (const part of kids(node)) visit(part);
  };
  for (const node of kids(body)) visit(node);
  if (blocks.length === 0) throw readFailure.empty();
  return { type: 'docx', blocks };
}
