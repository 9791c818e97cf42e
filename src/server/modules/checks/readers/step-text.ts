/**
 * The text of an IFC file as written (ISO 10303-21, "STEP"): what it declares in its header, and
 * each entity's record as written, so a value read by web-ifc can be quoted from the source.
 */

/** The schema a STEP file's header names (`FILE_SCHEMA(('IFC4X3_ADD2'))` → "IFC4X3_ADD2"); undefined when none. */
export function stepSchema(head: string): string | undefined {
  return /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1];
}

/** True for a STEP file whose header names an IFC schema (IFC2X3, IFC4, IFC4X3, IFC4X3_ADD2, …). */
export function isIfcStep(head: string): boolean {
  return /^\s*ISO-10303-21\s*;/.test(head) && /^IFC/i.test(stepSchema(head) ?? '');
}

/** True for an IFC 4.3 schema, the first with alignments of rail (cant) layouts. */
export function isIfc4x3(schema: string): boolean {
  return /^IFC4X3/i.test(schema);
}

/**
 * Why a STEP text is not whole, or undefined when it is: the DATA section and the closing
 * `END-ISO-10303-21;` must be there (web-ifc opens a truncated file without a word and reads
 * what it holds up to the cut).
 */
export function stepTruncation(text: string): string | undefined {
  if (!/\bDATA\s*;/.test(text)) return 'no DATA section';
  if (!/END-ISO-10303-21\s*;\s*$/.test(text)) return 'the file ends before END-ISO-10303-21; (truncated)';
  return undefined;
}

/**
 * Each entity's record as written (`#135=IFCALIGNMENTCANTSEGMENT(…);`), by id. A record ends at
 * the first `;` outside a quoted string (a quote inside a string is written twice, which toggles
 * twice), so records over several lines and strings holding `;` or `#` are kept whole.
 */
export function stepRecords(text: string): Map<number, string> {
  const records = new Map<number, string>();
  const data = text.search(/\bDATA\s*;/);
  if (data === -1) return records;
  const record = /#(\d+)\s*=/y;
  let index = data;
  let start = -1;
  let id = 0;
  let quoted = false;
  for (; index < text.length; index++) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (char === '#' && start === -1) {
      record.lastIndex = index;
      const m = record.exec(text);
      if (m) {
        start = index;
        id = Number(m[1]);
      }
    } else if (char === ';' && start !== -1) {
      records.set(id, text.slice(start, index + 1));
      start = -1;
    }
  }
  return records;
}
