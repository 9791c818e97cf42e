import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { OFFICE_XML_OPTIONS } from '../readers/xml';

/*
 * Reading a generated report back the way Word does: every part unzipped and checked to be
 * well-formed XML, then the body walked in document order so a test can see which text is
 * plain, which is a tracked deletion and which a tracked insertion.
 */

/** The report's parts, by path; XML parts as text. */
export function unpack(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [path, strFromU8(data)]));
}

/** Parts that are not well-formed XML, with the parser's reason; empty when all are. */
export function malformedParts(parts: Record<string, string>): string[] {
  return Object.entries(parts)
    .filter(([path]) => /\.(xml|rels)$/.test(path))
    .flatMap(([path, xml]) => {
      const result = XMLValidator.validate(xml);
      return result === true ? [] : [`${path}: ${result.err.msg} (line ${result.err.line})`];
    });
}

type Ordered = Record<string, unknown>;
const ordered = new XMLParser({ ...OFFICE_XML_OPTIONS, preserveOrder: true });

export type PieceKind = 'text' | 'del' | 'ins' | 'commentStart' | 'commentEnd' | 'commentRef';
export interface Piece {
  kind: PieceKind;
  text: string;
  id?: string;
  author?: string;
  date?: string;
}
export interface ParsedParagraph {
  pieces: Piece[];
  /** The paragraph as it was before the tracked changes (text and deletions). */
  original: string;
  /** The paragraph with the tracked changes accepted (text and insertions). */
  accepted: string;
  inTable: boolean;
}

function nameOf(node: Ordered): string | undefined {
  return Object.keys(node).find((k) => k !== ':@');
}
function attrsOf(node: Ordered): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}
function childrenOf(node: Ordered): Ordered[] {
  const name = nameOf(node);
  const value = name ? node[name] : undefined;
  return Array.isArray(value) ? (value as Ordered[]) : [];
}

function runPieces(nodes: Ordered[], kind: 'text' | 'del' | 'ins', out: Piece[], change?: Record<string, string>): void {
  for (const node of nodes) {
    const name = nameOf(node);
    const attrs = attrsOf(node);
    if (name === 'r') runPieces(childrenOf(node), kind, out, change);
    else if (name === 't' || name === 'delText') {
      const text = childrenOf(node)
        .map((c) => String(c['#text'] ?? ''))
        .join('');
      out.push({ kind, text, ...(change ? { id: change['@_id'], author: change['@_author'], date: change['@_date'] } : {}) });
    } else if (name === 'br') out.push({ kind, text: '\n' });
    else if (name === 'tab') out.push({ kind, text: '\t' });
    else if (name === 'del' || name === 'ins') runPieces(childrenOf(node), name, out, attrs);
    else if (name === 'commentRangeStart') out.push({ kind: 'commentStart', text: '', id: attrs['@_id'] });
    else if (name === 'commentRangeEnd') out.push({ kind: 'commentEnd', text: '', id: attrs['@_id'] });
    else if (name === 'commentReference') out.push({ kind: 'commentRef', text: '', id: attrs['@_id'] });
    else if (name === 'hyperlink' || name === 'smartTag') runPieces(childrenOf(node), kind, out, change);
  }
}

function collectParagraphs(nodes: Ordered[], inTable: boolean, out: ParsedParagraph[]): void {
  for (const node of nodes) {
    const name = nameOf(node);
    if (name === 'p') {
      const pieces: Piece[] = [];
      runPieces(childrenOf(node), 'text', pieces);
      const joined = (kinds: PieceKind[]) =>
        pieces
          .filter((p) => kinds.includes(p.kind))
          .map((p) => p.text)
          .join('');
      out.push({ pieces, original: joined(['text', 'del']), accepted: joined(['text', 'ins']), inTable });
    } else if (name && name !== '#text') collectParagraphs(childrenOf(node), inTable || name === 'tbl', out);
  }
}

/** Every paragraph of a part (document body or comments), in order, tables included. */
export function paragraphsOf(xml: string): ParsedParagraph[] {
  const out: ParsedParagraph[] = [];
  collectParagraphs(ordered.parse(xml) as Ordered[], false, out);
  return out;
}

/** Each w:comment with its id and its paragraphs' text (line breaks as "\n", paragraphs joined by "\n"). */
export function commentsOf(xml: string): { id: string; author?: string; text: string }[] {
  const comments: { id: string; author?: string; text: string }[] = [];
  const visit = (nodes: Ordered[]) => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (name === 'comment') {
        const attrs = attrsOf(node);
        const paragraphs: ParsedParagraph[] = [];
        collectParagraphs(childrenOf(node), false, paragraphs);
        comments.push({ id: attrs['@_id']!, author: attrs['@_author'], text: paragraphs.map((p) => p.accepted).join('\n') });
      } else if (name && name !== '#text') visit(childrenOf(node));
    }
  };
  visit(ordered.parse(xml) as Ordered[]);
  return comments;
}

/** Every w:id on w:ins, w:del and w:comment elements of a part. */
export function changeAndCommentIds(xml: string): { kind: string; id: string }[] {
  return [...xml.matchAll(/<w:(ins|del|comment)\s[^>]*?w:id="(\d+)"/g)].map((m) => ({ kind: m[1]!, id: m[2]! }));
}

/** Tables of a part, each as its rows of cell texts. */
export function tablesOf(xml: string): string[][][] {
  const tables: string[][][] = [];
  const visit = (nodes: Ordered[]) => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (name === 'tbl') {
        const rows = childrenOf(node)
          .filter((r) => nameOf(r) === 'tr')
          .map((row) =>
            childrenOf(row)
              .filter((c) => nameOf(c) === 'tc')
              .map((c) => {
                const paragraphs: ParsedParagraph[] = [];
                collectParagraphs(childrenOf(c), true, paragraphs);
                return paragraphs.map((p) => p.accepted).join('\n');
              }),
          );
        tables.push(rows);
      } else if (name && name !== '#text') visit(childrenOf(node));
    }
  };
  visit(ordered.parse(xml) as Ordered[]);
  return tables;
}
