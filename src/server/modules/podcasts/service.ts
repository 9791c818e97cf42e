import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  categoryInputSchema,
  type Category,
  type Podcast,
  type PodcastListQuery,
  type PodcastValues,
} from '../../../shared/schemas/podcasts';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { releaseUnusedFiles, storedAudioDuration, type ContentFiles } from './files';
import * as repo from './repository';

const m = messages.content;

/** PostgreSQL error code of a failed statement, through Drizzle's wrapper where there is one. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** A delete blocked by a foreign key: 23503 (NO ACTION) or 23001 (RESTRICT). */
export const REFERENCED_ROW_CODES = new Set(['23503', '23001']);

export const notFound = (message: string) => new AppError(ErrorCode.notFound, message, 404);
export const unknownCategory = () => new AppError(ErrorCode.validationFailed, m.unknownCategory, 400, [{ path: 'body.category_id', message: m.unknownCategory }]);

function toCategory(row: repo.CategoryRow): Category {
  return { id: row.id, name: row.name, description: row.description };
}

function toPodcast({ podcast: p, category }: repo.PodcastWithCategory): Podcast {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    category_id: p.categoryId,
    featured: p.featured,
    duration: p.duration,
    image_url: p.imageUrl,
    audio_url: p.audioUrl,
    publish_date: p.publishDate.toISOString(),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    podcast_categories: { id: category.id, name: category.name },
  };
}

// ── Categories ────────────────────────────────────────────────────────────

export async function listCategories(db: Db): Promise<Category[]> {
  return (await repo.listCategories(db)).map(toCategory);
}

export async function getCategory(db: Db, id: string): Promise<Category> {
  const row = await repo.findCategory(db, id);
  if (!row) throw notFound(m.categoryNotFound);
  return toCategory(row);
}

/** Fails with 400 unless the category exists (for the category_id of a podcast or material). */
export async function assertCategoryExists(db: Queryable, id: string): Promise<void> {
  if (!(await repo.findCategory(db, id))) throw unknownCategory();
}

function duplicateName(message: string) {
  return new AppError(ErrorCode.alreadyExists, message, 409, [{ path: 'body.name', message }]);
}

type CategoryValues = z.output<typeof categoryInputSchema>;

export async function createCategory(db: Db, input: CategoryValues): Promise<Category> {
  if (await repo.findCategoryByName(db, input.name)) throw duplicateName(m.categoryExists);
  try {
    return toCategory(await repo.insertCategory(db, input));
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateName(m.categoryExists);
    throw error;
  }
}

export async function updateCategory(db: Db, id: string, input: CategoryValues): Promise<Category> {
  const clash = await repo.findCategoryByName(db, input.name);
  if (clash && clash.id !== id) throw duplicateName(m.categoryExists);
  try {
    const row = await repo.updateCategory(db, id, input);
    if (!row) throw notFound(m.categoryNotFound);
    return toCategory(row);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateName(m.categoryExists);
    throw error;
  }
}

/** Deletes an unused category; one still holding podcasts or materials answers 409. */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  if (!(await repo.findCategory(db, id))) throw notFound(m.categoryNotFound);
  const inUse = new AppError(ErrorCode.inUse, m.categoryInUse, 409);
  if ((await repo.countCategoryUses(db, id)) > 0) throw inUse;
  try {
    if (!(await repo.deleteCategory(db, id))) throw notFound(m.categoryNotFound);
  } catch (error) {
    if (REFERENCED_ROW_CODES.has(pgErrorCode(error) ?? '')) throw inUse;
    throw error;
  }
}

// ── Podcasts ──────────────────────────────────────────────────────────────

export async function listPodcasts(db: Db, filter: Partial<PodcastListQuery> = {}): Promise<Podcast[]> {
  return (await repo.listPodcasts(db, filter)).map(toPodcast);
}

export async function getPodcast(db: Db, id: string): Promise<Podcast> {
  const row = await repo.findPodcast(db, id);
  if (!row) throw notFound(m.podcastNotFound);
  return toPodcast(row);
}

function podcastColumns(input: PodcastValues) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    featured: input.featured,
    duration: input.duration,
    imageUrl: input.image_url,
    audioUrl: input.audio_url,
  };
}

/** A left-out duration is read from the uploaded audio file when there is one. */
async function withDuration(input: PodcastValues, files: ContentFiles | undefined): Promise<PodcastValues> {
  if (input.duration || !input.audio_url) return input;
  return { ...input, duration: await storedAudioDuration(files, input.audio_url) };
}

export async function createPodcast(db: Db, input: PodcastValues, files?: ContentFiles): Promise<Podcast> {
  const values = await withDuration(input, files);
  const id = await db.transaction(async (tx) => {
    await assertCategoryExists(tx, values.category_id);
    return repo.insertPodcast(tx, { ...podcastColumns(values), ...(values.publish_date ? { publishDate: new Date(values.publish_date) } : {}) });
  });
  return getPodcast(db, id);
}

/**
 * Replaces a podcast's fields (SPEC §7 PUT); a left-out publish_date keeps the one it has.
 * Uploaded files it no longer uses (and nothing else does) are deleted afterwards.
 */
export async function updatePodcast(db: Db, id: string, input: PodcastValues, files?: ContentFiles): Promise<Podcast> {
  const values = await withDuration(input, files);
  const before = await db.transaction(async (tx) => {
    const existing = await repo.findPodcast(tx, id);
    if (!existing) throw notFound(m.podcastNotFound);
    await assertCategoryExists(tx, values.category_id);
    await repo.updatePodcast(tx, id, { ...podcastColumns(values), ...(values.publish_date ? { publishDate: new Date(values.publish_date) } : {}) });
    return existing.podcast;
  });
  await releaseUnusedFiles(db, files, [before.imageUrl, before.audioUrl]);
  return getPodcast(db, id);
}

/** Deletes a podcast, then its uploaded image and audio unless something else uses them. */
export async function deletePodcast(db: Db, id: string, files?: ContentFiles): Promise<void> {
  const deleted = await repo.deletePodcast(db, id);
  if (!deleted) throw notFound(m.podcastNotFound);
  await releaseUnusedFiles(db, files, [deleted.imageUrl, deleted.audioUrl]);
}
