import { notFound } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Podcast, PodcastListQuery, PodcastValues } from '../../../shared/schemas/podcasts';
import type { Db, Queryable } from '../../db/client';
import { releaseUnusedFiles, storedAudioDuration, type ContentFiles } from '../content-files/service';
import { assertCategoryExists } from '../categories/service';
import * as repo from './repository';
import { SEED_PODCASTS } from './seed-content';

const m = messages.content;

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

export async function countPodcasts(db: Queryable): Promise<number> {
  return repo.countPodcasts(db);
}

const DAY_MS = 86_400_000;

/**
 * Adds the demo episodes (seed-content.ts) in the caller's transaction, each in the category
 * `categoryId` names, with its generated cover and audio when there are any.
 */
export async function seedDemoPodcasts(
  db: Queryable,
  demo: { categoryId: (name: string) => string; covers?: Map<string, string>; audio?: Map<string, { url: string; duration: string }>; now: Date },
): Promise<number> {
  for (const p of SEED_PODCASTS) {
    const audio = demo.audio?.get(p.title);
    await repo.insertPodcast(db, {
      title: p.title,
      description: p.description,
      categoryId: demo.categoryId(p.category),
      featured: p.featured,
      duration: audio?.duration ?? null,
      imageUrl: demo.covers?.get(p.title) ?? null,
      audioUrl: audio?.url ?? null,
      publishDate: new Date(demo.now.getTime() - p.daysAgo * DAY_MS),
    });
  }
  return SEED_PODCASTS.length;
}
