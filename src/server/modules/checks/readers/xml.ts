import { XMLParser } from 'fast-xml-parser';

/** A parsed XML element as fast-xml-parser gives it: attributes under `@_`, text under `#text`. */
export type XmlNode = Record<string, unknown>;

/** How Office XML is parsed: every text as written (no trimming, no number parsing, character references decoded), namespace prefixes dropped. */
export const OFFICE_XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Character references (&#x2014;) are decoded too, not only the five XML entities.
  htmlEntities: true,
} as const;

/** Parses Office XML with {@link OFFICE_XML_OPTIONS}; elements named in `arrays` are always arrays. */
export function parseXml(xml: string, arrays: readonly string[]): XmlNode {
  const always = new Set(arrays);
  const parser = new XMLParser({
    ...OFFICE_XML_OPTIONS,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && always.has(name),
  });
  return parser.parse(xml) as XmlNode;
}

/** The child elements named `name` (always an array). */
export function children(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : { '#text': String(item) }));
}

/** The one child element named `name`, if any. */
export function child(node: unknown, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** An attribute's value. */
export function attr(node: unknown, name: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = (node as XmlNode)[`@_${name}`];
  return value === undefined ? undefined : String(value);
}

/** The text content of an element that holds only text (`<t>`, `<v>`). */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node);
  const text = (node as XmlNode)['#text'];
  return text === undefined ? '' : String(text);
}
