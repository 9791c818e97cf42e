import { z } from 'zod';

/**
 * Editions of a standard's documents and what changed between two of them (issue 18, item 4).
 * Public reads like the rest of `/api/standards`: they show only the library's own text.
 */

/** What an edition changed against the one it superseded, as recorded when it was imported. */
export const editionChangeCountsSchema = z.object({
  fromEdition: z.string(),
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
});
export type EditionChangeCounts = z.infer<typeof editionChangeCountsSchema>;

/** One edition of a document; `current` is the one in force (the only one the assistant and the browser read). */
export const editionSummarySchema = z.object({
  id: z.string(),
  edition: z.string(),
  current: z.boolean(),
  clauseCount: z.number().int().nonnegative(),
  importedAt: z.string(),
  /** Set when this edition was imported as a newer edition of the document. */
  changes: editionChangeCountsSchema.nullable(),
});
export type EditionSummary = z.infer<typeof editionSummarySchema>;

/** `GET /api/standards/:code/documents/:title/editions`: the current edition first, then older ones, newest first. */
export const documentEditionsSchema = z.object({
  standard: z.string(),
  title: z.string(),
  editions: z.array(editionSummarySchema),
});
export type DocumentEditions = z.infer<typeof documentEditionsSchema>;

/** `GET /api/standards/:code/documents`: every document of a standard with its editions (the picker of "what changed"). */
export const standardDocumentEditionsSchema = z.array(documentEditionsSchema);

const editionName = z.string().trim().min(1, 'Name an edition').max(200, 'An edition name is at most 200 characters');

/** Query of `GET /api/standards/:code/changes`: the document, and the two editions (default: the current one and the one before it). */
export const editionChangesQuerySchema = z.object({
  title: z.string({ error: 'Name the document, e.g. title=Part 213' }).trim().min(1, 'Name the document, e.g. title=Part 213').max(300),
  from: editionName.optional(),
  to: editionName.optional(),
});
export type EditionChangesQuery = z.infer<typeof editionChangesQuerySchema>;

/** A run of words of a changed clause: in both editions, only in the newer (`added`) or only in the older (`removed`). */
export const wordChangeSchema = z.object({
  kind: z.enum(['same', 'added', 'removed']),
  text: z.string(),
});
export type WordChange = z.infer<typeof wordChangeSchema>;

export const CLAUSE_CHANGE_KINDS = ['added', 'removed', 'changed'] as const;

/** One clause that differs between the two editions, matched by ref. */
export const clauseChangeSchema = z.object({
  kind: z.enum(CLAUSE_CHANGE_KINDS),
  ref: z.string(),
  section: z.string(),
  /** Its heading in the `to` edition (in the `from` edition when removed). */
  heading: z.string(),
  /** Changed clauses whose heading changed: the heading in the `from` edition. */
  previousHeading: z.string().optional(),
  /** Added and removed clauses: the whole text. */
  text: z.string().optional(),
  /** Changed clauses: the text word by word, with what was removed and what was added. */
  words: z.array(wordChangeSchema).optional(),
});
export type ClauseChange = z.infer<typeof clauseChangeSchema>;

const editionRefSchema = z.object({ id: z.string(), edition: z.string(), current: z.boolean() });

/** `GET /api/standards/:code/changes`: every clause added, removed or changed from `from` to `to`, in document order. */
export const editionChangesSchema = z.object({
  standard: z.string(),
  title: z.string(),
  from: editionRefSchema,
  to: editionRefSchema,
  summary: z.object({
    added: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
  }),
  clauses: z.array(clauseChangeSchema),
});
export type EditionChanges = z.infer<typeof editionChangesSchema>;
