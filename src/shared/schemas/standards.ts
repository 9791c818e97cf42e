import { z } from 'zod';

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
  discipline: z.string().nullable(),
  clauseCount: z.number().int(),
  importedAt: z.string(),
});
export type StandardDocument = z.infer<typeof standardDocumentSchema>;
