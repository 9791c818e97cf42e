import { z } from 'zod';
import { mainDiscipline, type ImportOptions, type ParsedDocument } from './types';

/** One line of the structured corpus format (shared/corpus/cfr49/README.md "Fields"). */
const rowSchema = z.object({
  standard: z.string().optional(),
  part: z.string().optional(),
  section: z.string().min(1),
  ref: z.string().min(1),
  heading: z.string().default(''),
  subpart: z.string().nullable().optional(),
  text: z.string().min(1),
  /** The discipline the row proposes, or several (the first is the main one). */
  discipline: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).nullable().optional(),
  edition: z.string().optional(),
});

/** `213` → `Part 213` (a CFR part); an instrument's own designation (`SOR/2014-275`, `Chapter 201`) as it is. */
function titleOfPart(part: string): string {
  return /^\d+[A-Z]?$/.test(part) ? `Part ${part}` : part;
}

/**
 * Structured JSONL, one clause per line. Lines are grouped into documents by standard and part
 * (or by file when rows name no part), keeping their order; a row's `standard` names the
 * standard its document belongs to (one file may hold several instruments).
 */
export function parseJsonl(content: string, options: ImportOptions): ParsedDocument[] {
  const documents = new Map<string, ParsedDocument>();
  const lines = content.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`${options.fileName}: line ${index + 1} is not valid JSON`);
    }
    const parsed = rowSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${options.fileName}: line ${index + 1}: ${issue?.path.join('.')} ${issue?.message}`);
    }
    const row = parsed.data;
    const proposed = options.disciplines?.length ? options.disciplines : row.discipline == null ? [] : [row.discipline].flat();
    const key = `${row.standard ?? ''}\u0000${row.part ?? options.fileName}`;
    let document = documents.get(key);
    if (!document) {
      document = {
        ...(row.standard ? { standard: row.standard } : {}),
        title: options.title ?? (row.part ? titleOfPart(row.part) : options.fileName),
        edition: options.edition ?? row.edition ?? 'unspecified',
        source: options.fileName,
        disciplines: [],
        clauses: [],
      };
      documents.set(key, document);
    }
    for (const discipline of proposed) if (!document.disciplines.includes(discipline)) document.disciplines.push(discipline);
    document.clauses.push({
      ref: row.ref,
      section: row.section,
      heading: row.heading,
      subpart: row.subpart ?? null,
      text: row.text,
      discipline: mainDiscipline(options) ?? proposed[0] ?? null,
    });
  });
  if (documents.size === 0) throw new Error(`${options.fileName}: no clauses found`);
  return [...documents.values()];
}
