import { z } from 'zod';
import { messages } from '../messages';

const m = messages.content;

/** A required text field: missing, non-text and blank all give the field's SPEC §5 message. */
export const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text field: blank or null mean "not given" (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((s) => (s ? s : null));

/** An image, audio or document address: absolute http(s) URL or a path on this site. */
export const optionalUrl = optionalText(2000).refine(
  (s) => s === null || (s.startsWith('/') && !s.startsWith('//')) || (/^https?:\/\//i.test(s) && URL.canParse(s)),
  m.urlInvalid,
);

/** A reference to a category: required, and it has to be an existing category's id (checked by the server). */
export const categoryIdField = z.string({ error: m.categoryRequired }).trim().min(1, m.categoryRequired).pipe(z.uuid(m.unknownCategory));

/** Optional list-filter text: blank means no filter. */
export const filterText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s ? s : undefined));

export const booleanFilter = z
  .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
  .optional()
  .transform((s) => (s === undefined ? undefined : s === 'true'));

/** SPEC §3 Podcast category (shared by podcasts and knowledge materials). */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** `POST`/`PUT /api/categories`: SPEC §5 "category name" required, description optional. */
export const categoryInputSchema = z.object({
  name: requiredText(m.categoryNameRequired, 100),
  description: optionalText(1000),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** The nested category of a podcast or material, as SPEC §7 selects it. */
export const categoryRefSchema = z.object({ id: z.string(), name: z.string() });

/** SPEC §3 Podcast, in its snake_case field names, with its category nested. */
export const podcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: z.string(),
  featured: z.boolean(),
  duration: z.string().nullable(),
  image_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  publish_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  podcast_categories: categoryRefSchema,
});
export type Podcast = z.infer<typeof podcastSchema>;

/** `POST`/`PUT /api/podcasts` (SPEC §7 fields; publish_date optional, now when left out on create). */
export const podcastInputSchema = z.object({
  title: requiredText(m.titleRequired, 300),
  description: requiredText(m.descriptionRequired, 10_000),
  category_id: categoryIdField,
  featured: z.boolean().default(false),
  duration: optionalText(20),
  image_url: optionalUrl,
  audio_url: optionalUrl,
  publish_date: z
    .string()
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), m.dateInvalid)
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type PodcastInput = z.input<typeof podcastInputSchema>;
export type PodcastValues = z.output<typeof podcastInputSchema>;

/** `GET /api/podcasts` filters: `q` full-text (title, description), category id or name, featured. */
export const podcastListQuerySchema = z.object({
  q: filterText,
  category: filterText,
  featured: booleanFilter,
});
export type PodcastListQuery = z.output<typeof podcastListQuerySchema>;
