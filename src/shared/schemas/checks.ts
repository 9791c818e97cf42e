import { z } from 'zod';

/**
 * The document check's findings: each stated value of a document matched to the requirement
 * that applies to its conditions, with the clause's quoted words and where the value stands.
 */

export const FINDING_VERDICTS = ['non_conformance', 'conforms', 'needs_review'] as const;
export const findingVerdictSchema = z.enum(FINDING_VERDICTS);
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
  /** IFC: the entity id (#n); DXF: the handle of the text entity. */
  entity: z.string().optional(),
  /** DOCX, PDF: the heading the statement stands under. */
  section: z.string().optional(),
  /** DOCX, PDF: the paragraph's number under that heading. */
  paragraph: z.number().int().positive().optional(),
  /** The exact source text (the table row, or the sentence of a paragraph, as written). */
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
  /** `model`: proposed by the language model from prose and kept because its quote was found verbatim; absent or `reader`: read by the check's own reader. */
  extractedBy: z.enum(['reader', 'model']).optional(),
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

/*
 * The document check's API (`/api/checks`): a check is queued on upload and run off the request
 * path; its findings carry the reviewer's override, kept with every earlier one in the audit trail.
 */

export const CHECK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const checkStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** The file types a check reads (by content, not by name). */
export const CHECK_FILE_TYPES = ['pdf', 'docx', 'xlsx', 'csv', 'ifc', 'dxf'] as const;
export const checkFileTypeSchema = z.enum(CHECK_FILE_TYPES);
export type CheckFileType = z.infer<typeof checkFileTypeSchema>;

/** A reviewer's override of a finding's verdict, with the reason. */
export const findingReviewSchema = z.object({
  verdict: findingVerdictSchema,
  note: z.string(),
  /** The reviewer's display name. */
  by: z.string(),
  at: z.string(),
});
export type FindingReview = z.infer<typeof findingReviewSchema>;

/** A finding as the API shows it: the engine's finding, how it was extracted, and the latest review. */
export const checkFindingSchema = findingSchema.extend({
  /** `model`: a value the language model proposed from prose, kept because its quote was found verbatim. */
  extractedBy: z.enum(['reader', 'model']).default('reader'),
  reviewer: findingReviewSchema.optional(),
});
export type CheckFinding = z.infer<typeof checkFindingSchema>;

/** One entry of a check's audit trail: every override, oldest first. */
export const checkAuditEntrySchema = z.object({
  findingId: z.string(),
  from: findingVerdictSchema,
  to: findingVerdictSchema,
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export type CheckAuditEntry = z.infer<typeof checkAuditEntrySchema>;

export const checkDocumentInfoSchema = z.object({
  name: z.string(),
  type: checkFileTypeSchema,
  pages: z.number().int().nonnegative().optional(),
  bytes: z.number().int().nonnegative(),
});

/** The steps of a check, in order; a failed check stops wherever it failed. */
export const CHECK_STAGES = ['queued', 'reading', 'checking', 'verifying', 'done', 'failed'] as const;

/** Where a running check is: which step, and how far (0–100). */
export const checkProgressSchema = z.object({
  stage: z.enum(CHECK_STAGES),
  percent: z.number().int().min(0).max(100),
});
export type CheckProgress = z.infer<typeof checkProgressSchema>;

export const checkSchema = z.object({
  id: z.string().uuid(),
  status: checkStatusSchema,
  /** The standard checked against (its code, e.g. "49 CFR"). */
  standard: z.string(),
  document: checkDocumentInfoSchema,
  progress: checkProgressSchema,
  /** Counts of the findings by their verdict as it stands: a reviewer's override counts instead of the engine's verdict. */
  summary: checkSummarySchema,
  findings: z.array(checkFindingSchema),
  audit: z.array(checkAuditEntrySchema),
  /** Why a failed check failed, in words fit for the uploader. */
  error: z.string().nullable(),
  /** The library edition the requirements were verified against (e.g. "eCFR as of 2026-06-17"). */
  edition: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The owner's display name (admins see every check). */
  owner: z.string(),
});
export type Check = z.infer<typeof checkSchema>;

export const checkListItemSchema = checkSchema.pick({
  id: true,
  status: true,
  standard: true,
  document: true,
  progress: true,
  summary: true,
  error: true,
  createdAt: true,
  finishedAt: true,
  owner: true,
});
export type CheckListItem = z.infer<typeof checkListItemSchema>;
export const checkListSchema = z.object({ checks: z.array(checkListItemSchema) });

export const createCheckResponseSchema = z.object({ id: z.string().uuid(), status: checkStatusSchema });

/** The multipart form's text field beside `file`; the one checkable standard for now. */
export const CHECK_STANDARDS = ['49 CFR'] as const;
export const createCheckFieldsSchema = z.object({ standard: z.enum(CHECK_STANDARDS).default('49 CFR') });

export const FINDING_NOTE_MAX = 2000;
export const overrideFindingBodySchema = z.object({
  verdict: findingVerdictSchema,
  note: z.string().trim().min(1, 'Say why the verdict is changed').max(FINDING_NOTE_MAX),
});
export type OverrideFindingBody = z.infer<typeof overrideFindingBodySchema>;
