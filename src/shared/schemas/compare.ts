import { z } from 'zod';

/** The most standards one comparison lines up (one column each). */
export const COMPARE_MAX_STANDARDS = 8;
export const COMPARE_TOPIC_MAX = 300;

export const compareMessages = {
  topicRequired: 'Name the topic to compare',
  topicTooLong: `A topic can be at most ${COMPARE_TOPIC_MAX} characters long`,
  tooFewStandards: 'Choose at least two standards to compare',
  tooManyStandards: `Choose at most ${COMPARE_MAX_STANDARDS} standards to compare`,
} as const;

/** `POST /api/compare`: a topic and the codes of two or more standards (each once). */
export const compareRequestSchema = z.object({
  topic: z.string({ error: compareMessages.topicRequired }).trim().min(1, compareMessages.topicRequired).max(COMPARE_TOPIC_MAX, compareMessages.topicTooLong),
  standards: z
    .array(z.string().trim().min(1, 'A standard code cannot be empty').max(200), { error: compareMessages.tooFewStandards })
    .transform((codes) => [...new Map(codes.map((c) => [c.toLowerCase(), c])).values()])
    .pipe(z.array(z.string()).min(2, compareMessages.tooFewStandards).max(COMPARE_MAX_STANDARDS, compareMessages.tooManyStandards)),
});
export type CompareRequest = z.input<typeof compareRequestSchema>;

/** A clause that governs the topic in one standard, quoted word for word. */
export const compareProvisionSchema = z.object({
  ref: z.string(),
  section: z.string(),
  heading: z.string(),
  /** The clause's text, or an exact excerpt of it. */
  quote: z.string(),
});
export type CompareProvision = z.infer<typeof compareProvisionSchema>;

/** One standard's column: the clauses that govern the topic there, or `none` when it is silent. */
export const compareColumnSchema = z.object({
  standard: z.string(),
  status: z.enum(['provisions', 'none']),
  provisions: z.array(compareProvisionSchema),
});
export type CompareColumn = z.infer<typeof compareColumnSchema>;

/** A value the requirements library holds for the same parameter in two or more of the standards. */
export const compareValueSchema = z.object({ value: z.string(), unit: z.string(), ref: z.string() });
export const compareRowSchema = z.object({
  parameter: z.string(),
  values: z.record(z.string(), compareValueSchema),
});
export type CompareRow = z.infer<typeof compareRowSchema>;

export const compareResponseSchema = z.object({
  topic: z.string(),
  columns: z.array(compareColumnSchema),
  rows: z.array(compareRowSchema).optional(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

export const COMPARE_EXPORT_FORMATS = ['docx', 'csv'] as const;
export type CompareExportFormat = (typeof COMPARE_EXPORT_FORMATS)[number];

/** `POST /api/compare/export?format=docx|csv`: the same body, the comparison as a file. */
export const compareExportQuerySchema = z.object({
  format: z.enum(COMPARE_EXPORT_FORMATS, { error: 'format must be docx or csv' }),
});
