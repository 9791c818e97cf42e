import { XMLParser } from 'fast-xml-parser';
import { buildSectionClauses, uniqueRefs, type Block } from './paragraphs';
import { mainDiscipline, type ImportOptions, type ParsedClause, type ParsedDocument } from './types';

/**
 * eCFR versioner XML (`/api/versioner/v1/full/{date}/title-49.xml?part=213`): each
 * `DIV5 TYPE="PART"` is one document "Part 213"; `DIV6 TYPE="SUBPART"` names the subpart;
 * `DIV8 TYPE="SECTION"` is a section (`HEAD` "§ 213.9 Classes of track …") whose `P`
 * children are paragraphs; `DIV9 TYPE="APPENDIX"` is an appendix section
 * ("213 Appendix A"). Amendment citations, authority and editorial notes are dropped.
 */

/** A node as fast-xml-parser returns it with `preserveOrder`. */
type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string>; '#text'?: string | number };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

/** Elements whose text is not regulation text. */
const DROPPED = new Set(['HEAD', 'CITA', 'SECAUTH', 'EDNOTE', 'AUTH', 'SOURCE', 'img', 'IMG', 'PRTPAGE', 'STARS']);
/** Elements that hold paragraph-like content. */
const TEXT_BLOCKS = new Set(['P', 'FP', 'PSPACE', 'HD1', 'HD2', 'HD3', 'NOTE', 'FTNT', 'TTITLE', 'TDESC']);
const ITALIC = new Set(['I', 'E']);

export function parseEcfrXml(content: string, options: ImportOptions): ParsedDocument[] {
  let tree: XmlNode[];
  try {
    tree = parser.parse(content) as XmlNode[];
  } catch (error) {
    throw new Error(`${options.fileName}: not readable XML (${error instanceof Error ? error.message : String(error)})`);
  }
  const parts: XmlNode[] = [];
  findParts(tree, parts);
  if (parts.length === 0) throw new Error(`${options.fileName}: no eCFR part (DIV5 TYPE="PART") was found`);

  const documents = parts.map((part) => {
    const number = attr(part, 'N') ?? /PART\s+(\d+)/i.exec(headOf(part))?.[1] ?? '';
    const clauses: ParsedClause[] = [];
    collectSections(children(part), { part: number, subpart: null, discipline: mainDiscipline(options) }, clauses);
    return {
      title: options.title && parts.length === 1 ? options.title : `Part ${number}`,
      edition: options.edition ?? 'unspecified',
      source: options.fileName,
      disciplines: [...(options.disciplines ?? [])],
      clauses: uniqueRefs(clauses),
    };
  });
  const withClauses = documents.filter((d) => d.clauses.length > 0);
  if (withClauses.length === 0) throw new Error(`${options.fileName}: the eCFR part has no sections with text`);
  return withClauses;
}

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((k) => k !== ':@' && k !== '#text');
}

function children(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag ? node[tag] : undefined;
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

function attr(node: XmlNode, name: string): string | undefined {
  return node[':@']?.[name];
}

function textOf(nodes: XmlNode[]): string {
  return nodes
    .map((n) => {
      if (n['#text'] !== undefined) return String(n['#text']);
      const tag = tagOf(n);
      if (tag === 'SU') return ''; // footnote markers
      if (tag && DROPPED.has(tag) && tag !== 'HEAD') return '';
      return textOf(children(n));
    })
    .join('');
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function headOf(node: XmlNode): string {
  const head = children(node).find((c) => tagOf(c) === 'HEAD');
  return head ? clean(textOf(children(head))) : '';
}

function findParts(nodes: XmlNode[], out: XmlNode[]): void {
  for (const node of nodes) {
    if (tagOf(node) === 'DIV5' && attr(node, 'TYPE') === 'PART') out.push(node);
    else findParts(children(node), out);
  }
}

interface Context {
  part: string;
  subpart: string | null;
  discipline: string | null;
}

function collectSections(nodes: XmlNode[], ctx: Context, out: ParsedClause[]): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    const type = attr(node, 'TYPE');
    if (!tag?.startsWith('DIV')) continue;
    if (type === 'SUBPART') {
      const head = headOf(node);
      const m = /^Subpart\s+([A-Z]{1,2})\s*[—–-]+\s*(.*)$/i.exec(head);
      collectSections(children(node), { ...ctx, subpart: m ? `${m[1]} — ${m[2]}` : head }, out);
    } else if (type === 'SECTION') {
      const head = headOf(node);
      const fromHead = /^§+\s*([\d.]+[A-Za-z]?)\s*(.*)$/.exec(head);
      const section = (attr(node, 'N') ?? '').replace(/§/g, '').trim() || fromHead?.[1] || head;
      const heading = fromHead?.[2]?.trim() ?? head;
      out.push(...buildSectionClauses({ section, heading, subpart: ctx.subpart, discipline: ctx.discipline, blocks: sectionBlocks(children(node), /^definitions?\b/i.test(heading)) }));
    } else if (type === 'APPENDIX') {
      const head = headOf(node);
      const m = /^Appendix\s+([A-Z0-9]{1,3})\s+to\s+Part\s+\d+\s*[—–-]*\s*(.*)$/i.exec(head);
      const letter = m?.[1] ?? (attr(node, 'N') ?? '').replace(/^Appendix\s+/i, '').split(/\s/)[0] ?? '';
      out.push(
        ...buildSectionClauses({
          section: `${ctx.part} Appendix ${letter}`,
          heading: m?.[2]?.trim() || head,
          subpart: `Appendix ${letter} to Part ${ctx.part}`,
          discipline: ctx.discipline,
          blocks: sectionBlocks(children(node), false),
        }),
      );
    } else {
      // Subject groups (DIV7) and other wrappers: their sections count, their headings don't.
      collectSections(children(node), ctx, out);
    }
  }
}

function sectionBlocks(nodes: XmlNode[], isDefinitions: boolean): Block[] {
  const blocks: Block[] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag || DROPPED.has(tag)) continue;
    if (tag === 'GPOTABLE' || tag === 'TABLE') {
      blocks.push(...tableBlocks(children(node)));
    } else if (TEXT_BLOCKS.has(tag)) {
      const text = clean(textOf(children(node)));
      if (text === '') continue;
      blocks.push({ text, term: isDefinitions ? definedTerm(children(node)) : undefined });
    } else {
      blocks.push(...sectionBlocks(children(node), isDefinitions)); // EXTRACT, DIV wrappers …
    }
  }
  return blocks;
}

/** "<I>Fouling a track</I> means …" → "Fouling a track". */
function definedTerm(nodes: XmlNode[]): string | undefined {
  const first = nodes.find((n) => n['#text'] === undefined || String(n['#text']).trim() !== '');
  const tag = first && tagOf(first);
  if (!first || !tag || !ITALIC.has(tag)) return undefined;
  const term = clean(textOf(children(first))).replace(/[.,:;]+$/, '');
  return term === '' ? undefined : term;
}

/** Tables as pipe-separated lines: the column heads, then one line per row. */
function tableBlocks(nodes: XmlNode[]): Block[] {
  const blocks: Block[] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'TTITLE' || tag === 'TDESC') {
      const text = clean(textOf(children(node)));
      if (text) blocks.push({ text });
    } else if (tag === 'BOXHD' || tag === 'ROW' || tag === 'TR') {
      const cells = children(node)
        .filter((c) => ['CHED', 'ENT', 'TD', 'TH'].includes(tagOf(c) ?? ''))
        .map((c) => clean(textOf(children(c))));
      if (cells.some(Boolean)) blocks.push({ text: cells.join(' | ') });
    } else if (tag) {
      blocks.push(...tableBlocks(children(node)));
    }
  }
  return blocks;
}
