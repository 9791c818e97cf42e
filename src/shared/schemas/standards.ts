import { z } from 'zod';
import { CHAT_DISCIPLINES } from '../constants';

/** `GET /api/standards`: every standard; `enabled` once it has clauses. */
export const standardSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  jurisdiction: z.string().nullable(),
  enabled: z.boolean(),
  clauseCount: z.number().int(),
});
export type StandardSummary = z.infer<typeof standardSummarySchema>;

export const clauseSchema = z.object({
  standard: z.string(),
  ref: z.string(),
  section: z.string(),
  heading: z.string(),
  subpart: z.string().nullable(),
  text: z.string(),
  discipline: z.string().nullable(),
  document: z.object({ id: z.string(), title: z.string(), edition: z.string() }),
});
export type Clause = z.infer<typeof clauseSchema>;

export const standardDocumentSchema = z.object({
  id: z.string(),
  standard: z.string(),
  title: z.string(),
  edition: z.string(),
  source: z.string().nullable(),
  /** The platform disciplines the document serves, the main one first. */
  disciplines: z.array(z.string()),
  clauseCount: z.number().int(),
  importedAt: z.string(),
  /** The edition in force of its title; older editions are kept for "what changed". */
  current: z.boolean(),
});
export type StandardDocument = z.infer<typeof standardDocumentSchema>;

/** A document as the library shows it: its edition, where its text comes from, its clause count. */
export const standardDocumentSummarySchema = standardDocumentSchema.pick({
  id: true,
  title: true,
  edition: true,
  source: true,
  disciplines: true,
  clauseCount: true,
});
export type StandardDocumentSummary = z.infer<typeof standardDocumentSummarySchema>;

/** `GET /api/standards/:code`: one standard with its documents, in the table of contents' order. */
export const standardDetailSchema = standardSummarySchema.extend({ documents: z.array(standardDocumentSummarySchema) });
export type StandardDetail = z.infer<typeof standardDetailSchema>;

/** `GET /api/standards/:code/sections`: the table of contents, in document order. */
export const sectionSummarySchema = z.object({
  section: z.string(),
  heading: z.string(),
  subpart: z.string().nullable(),
  document: z.object({ id: z.string(), title: z.string(), edition: z.string() }),
});
export type SectionSummary = z.infer<typeof sectionSummarySchema>;

export const sectionSchema = z.object({ section: z.string(), heading: z.string(), clauses: z.array(clauseSchema) });
export type Section = z.infer<typeof sectionSchema>;

/** Admin uploads of standards documents follow SPEC's document limit (20 MB). */
export const STANDARD_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const STANDARD_UPLOAD_TOO_LARGE = 'File is too large. Maximum size is 20MB.';

/** A platform discipline (SPEC's six), as imports tag clauses with it. */
export const standardDisciplineSchema = z.enum(CHAT_DISCIPLINES, { error: `Discipline must be one of: ${CHAT_DISCIPLINES.join(', ')}` });

const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

/** Form fields of `POST /api/admin/standards/documents` (multipart, beside the `file`). */
export const standardUploadFieldsSchema = z.object({
  standard: z.string({ error: 'Choose the standard this document belongs to' }).trim().min(1, 'Choose the standard this document belongs to'),
  /** Repeatable: the disciplines the document serves, the main one first. */
  discipline: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(standardDisciplineSchema, { error: 'Choose the discipline this document serves' })
      .min(1, 'Choose the discipline this document serves')
      .transform((list) => [...new Set(list)]),
  ),
  edition: optionalText(200),
  title: optionalText(300),
});
export type StandardUploadFields = z.infer<typeof standardUploadFieldsSchema>;

/**
 * What importing one document did: `imported` its first edition; `new-edition` a newer edition,
 * now in force, the one it supersedes kept (`otherEditions`); `older-edition` kept beside the one in
 * force (`otherEditions`); `replaced` the same edition, its text changed; `unchanged` nothing;
 * `superseded` nothing stored, as an edition of the same date is held (`otherEditions`).
 */
export const STANDARD_IMPORT_STATUSES = ['imported', 'new-edition', 'older-edition', 'replaced', 'unchanged', 'superseded'] as const;
export const standardImportResultSchema = z.object({
  title: z.string(),
  edition: z.string(),
  clauses: z.number().int(),
  status: z.enum(STANDARD_IMPORT_STATUSES),
  /** The edition this one superseded, the one in force it was kept beside, or the same-dated one held. */
  otherEditions: z.array(z.string()),
});
export type StandardImportResult = z.infer<typeof standardImportResultSchema>;

export const standardUploadResponseSchema = z.object({
  file: z.string(),
  standard: z.string(),
  results: z.array(standardImportResultSchema),
});
export type StandardUploadResponse = z.infer<typeof standardUploadResponseSchema>;
