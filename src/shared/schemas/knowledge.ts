import { z } from 'zod';
import { MATERIAL_KINDS } from '../constants';
import { messages } from '../messages';
import { booleanFilter, categoryIdField, categoryRefSchema, filterText, optionalText, optionalUrl, requiredText } from './podcasts';

const m = messages.content;

// In constants.ts, so that the public hub page can use them without zod (docs/decisions/001).
export { MATERIAL_KINDS, type MaterialKind } from '../constants';

/** Reading speed behind a derived `read_time` ('5 min read'). */
export const READ_WORDS_PER_MINUTE = 275;

/** '5 min read' for a text, at 275 words a minute (at least 1 minute); null for no text. */
export function readTimeOf(text: string | null | undefined): string | null {
  const words = text?.trim().split(/\s+/).filter(Boolean).length ?? 0;
  if (words === 0) return null;
  return `${Math.max(1, Math.ceil(words / READ_WORDS_PER_MINUTE))} min read`;
}

/** SPEC §3 Knowledge tag. */
export const tagSchema = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const tagInputSchema = z.object({ name: requiredText(m.tagNameRequired, 60) });
export type TagInput = z.input<typeof tagInputSchema>;

/**
 * SPEC §3 Knowledge material. Guests get the preview (no `content`, no `file_url`, `preview: true`);
 * signed-in users get everything.
 */
export const materialSchema = z.object({
  id: z.string(),
  kind: z.enum(MATERIAL_KINDS),
  title: z.string(),
  abstract: z.string(),
  content: z.string().nullable().optional(),
  category_id: z.string(),
  podcast_categories: categoryRefSchema,
  author: z.string().nullable(),
  read_time: z.string().nullable(),
  featured: z.boolean(),
  image_url: z.string().nullable(),
  file_url: z.string().nullable().optional(),
  tags: z.array(tagSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** True when content and file_url were withheld because the reader is not signed in. */
  preview: z.boolean(),
});
export type Material = z.infer<typeof materialSchema>;

/** `POST`/`PUT /api/knowledge/materials`: tags as a list of tag ids, each once. */
export const materialInputSchema = z.object({
  kind: z.enum(MATERIAL_KINDS, { error: m.kindInvalid }).default('article'),
  title: requiredText(m.titleRequired, 300),
  abstract: requiredText(m.abstractRequired, 5000),
  content: optionalText(500_000),
  category_id: categoryIdField,
  author: optionalText(200),
  read_time: optionalText(50),
  featured: z.boolean().default(false),
  image_url: optionalUrl,
  file_url: optionalUrl,
  tags: z
    .array(z.string().pipe(z.uuid(m.unknownTag)))
    .max(50)
    .nullish()
    .transform((ids) => ids ?? [])
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, m.tagOnceOnly),
});
export type MaterialInput = z.input<typeof materialInputSchema>;
export type MaterialValues = z.output<typeof materialInputSchema>;

/** `GET /api/knowledge/materials` filters: `q` full-text, category and tag by id or name, kind, featured. */
export const materialListQuerySchema = z.object({
  q: filterText,
  category: filterText,
  tag: filterText,
  kind: z.enum(MATERIAL_KINDS, { error: m.kindInvalid }).optional(),
  featured: booleanFilter,
});
export type MaterialListQuery = z.output<typeof materialListQuerySchema>;
