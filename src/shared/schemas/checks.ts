import { z } from 'zod';

/**
 * The document check's findings: each stated value of a document matched to the requirement
 * that applies to its conditions, with the clause's quoted words and where the value stands.
 */

export const findingVerdictSchema = z.enum(['non_conformance', 'conforms', 'needs_review']);
export type FindingVerdict = z.infer<typeof findingVerdictSchema>;

/** Where a checked value stands in the document, with the exact source text of its row or statement. */
export const findingLocationSchema = z.object({
  page: z.number().int().positive().optional(),
  sheet: z.string().optional(),
  /** XLSX: the A1 reference of the value's cell. */
  cell: z.string().optional(),
  /** CSV: the line the row starts on; PDF: the line on the page. */
  line: z.number().int().positive().optional(),
  /** XLSX: the sheet row; DOCX, PDF: the table row. */
  row: z.number().int().positive().optional(),
  /** The column title the value stands under, as written. */
  column: z.string().optional(),
  /** IFC: the entity id (#n). */
  entity: z.string().optional(),
  /** The exact source text (the table row as written). */
  text: z.string(),
});
export type FindingLocation = z.infer<typeof findingLocationSchema>;

/** The conditions a value was checked under (track class, train type, curve/tangent, degree of curve, …). */
export const findingConditionSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const findingRequirementSchema = z.object({
  standard: z.string(),
  ref: z.string(),
  quote: z.string(),
  /** The limit in words: "≤ 7 in", "≤ Vmax 56.7 mph (√((Ea + Eu)/(0.0007·D)))". */
  limit: z.string(),
});

export const findingSchema = z.object({
  id: z.string(),
  verdict: findingVerdictSchema,
  parameter: z.string(),
  /** The value as the document states it (null where it could not be read as a number). */
  value: z.number().nullable(),
  /** Its unit as stated. */
  unit: z.string(),
  condition: findingConditionSchema,
  location: findingLocationSchema,
  /** Null only for a needs-review item no requirement could be matched to. */
  requirement: findingRequirementSchema.nullable(),
  message: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

export const checkSummarySchema = z.object({
  nonConformances: z.number().int().nonnegative(),
  conforms: z.number().int().nonnegative(),
  needsReview: z.number().int().nonnegative(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const checkResultSchema = z.object({ summary: checkSummarySchema, findings: z.array(findingSchema) });
export type CheckResult = z.infer<typeof checkResultSchema>;
