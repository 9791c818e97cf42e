import { sql } from 'drizzle-orm';
import { readTimeOf } from '../../../shared/schemas/knowledge';
import type { Db } from '../../db/client';
import { DemoMediaWriter, type GeneratedFileStore } from '../podcasts/demo-media/writer';
import * as categoryService from '../categories/service';
import * as podcastService from '../podcasts/service';
import { contentCacheFor } from '../../lib/response-cache';
import { getActiveUploadStorage } from '../uploads/service';
import * as repo from './repository';
import { SEED_PODCASTS } from '../podcasts/seed-content';
import { SEED_CATEGORIES, SEED_MATERIALS, SEED_TAGS } from './seed-content';

/** Serialises first-start seeding across instances sharing one PostgreSQL server. */
const SEED_LOCK_ID = 72_616_938;

export interface ContentSeedResult {
  seeded: boolean;
  categories: number;
  tags: number;
  materials: number;
  podcasts: number;
  /** Covers and audio files generated and stored with the content. */
  mediaFiles: number;
}

export interface ContentSeedLog {
  info(message: string): void;
  warn?(message: string): void;
}

export interface ContentSeedOptions {
  /** The seeding date (publish dates count back from it). */
  now?: Date;
  /**
   * Where generated covers and audio go: the uploads module's storage (local disk or S3).
   * Defaults to the running app's; null seeds the content without media.
   */
  media?: GeneratedFileStore | null;
}

/** Site-relative URLs of the generated files, by item title. */
interface DemoMedia {
  materialCovers: Map<string, string>;
  podcastCovers: Map<string, string>;
  podcastAudio: Map<string, { url: string; duration: string }>;
}

/** Generates and stores a cover for every material and episode and audio for every episode. */
async function createDemoMedia(writer: DemoMediaWriter): Promise<DemoMedia> {
  const media: DemoMedia = { materialCovers: new Map(), podcastCovers: new Map(), podcastAudio: new Map() };
  for (const m of SEED_MATERIALS) {
    media.materialCovers.set(m.title, await writer.cover({ title: m.title, category: m.category, kind: m.kind === 'whitepaper' ? 'Whitepaper' : 'Article' }));
  }
  for (const p of SEED_PODCASTS) {
    media.podcastCovers.set(p.title, await writer.cover({ title: p.title, category: p.category, kind: 'Podcast' }));
    media.podcastAudio.set(p.title, await writer.episodeAudio(p.title));
  }
  return media;
}

const mediaCount = (media: DemoMedia | null) => (media ? media.materialCovers.size + media.podcastCovers.size + media.podcastAudio.size : 0);

/**
 * First start only: when no category, tag, podcast or material exists yet, adds the demo
 * categories, tags, Knowledge Hub materials and podcast episodes, with covers and short audio
 * generated here (no third-party media) and stored like uploads. Anything already there — even
 * one admin-made row — means it does nothing. If storing the media fails the content is still
 * added, without media; if adding the content fails, the stored media are deleted again.
 */
export async function seedDemoContent(db: Db, log?: ContentSeedLog, options: ContentSeedOptions = {}): Promise<ContentSeedResult> {
  const now = options.now ?? new Date();
  const store = options.media === undefined ? getActiveUploadStorage() : options.media;
  const writer = store ? new DemoMediaWriter(store) : null;
  let result: ContentSeedResult;
  try {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const existing =
        (await categoryService.countCategories(tx)) +
        (await podcastService.countPodcasts(tx)) +
        (await repo.countMaterials(tx)) +
        (await repo.listTags(tx)).length;
      if (existing > 0) return { seeded: false, categories: 0, tags: 0, materials: 0, podcasts: 0, mediaFiles: 0 };

      let media: DemoMedia | null = null;
      if (writer) {
        try {
          media = await createDemoMedia(writer);
        } catch (error) {
          await writer.discard();
          log?.warn?.(`Demo covers and audio could not be stored, so the demo content has none: ${error instanceof Error ? error.message : String(error)}`);
        }
      }

      const categoryIds = new Map<string, string>();
      for (const c of SEED_CATEGORIES) categoryIds.set(c.name, await categoryService.seedCategory(tx, c));
      const categoryId = (name: string) => {
        const id = categoryIds.get(name);
        if (!id) throw new Error(`seed content names an unknown category: ${name}`);
        return id;
      };
      const tagIds = new Map<string, string>();
      for (const name of SEED_TAGS) tagIds.set(name, (await repo.insertTag(tx, name)).id);

      // Oldest first, so that the list (newest first) shows them in the order written.
      for (const [index, m] of [...SEED_MATERIALS].reverse().entries()) {
        const created = new Date(now.getTime() - (SEED_MATERIALS.length - index) * 60_000);
        const id = await repo.insertMaterial(tx, {
          kind: m.kind,
          title: m.title,
          abstract: m.abstract,
          content: m.content,
          categoryId: categoryId(m.category),
          author: m.author,
          readTime: readTimeOf(m.content),
          featured: m.featured,
          imageUrl: media?.materialCovers.get(m.title) ?? null,
          createdAt: created,
          updatedAt: created,
        });
        await repo.setMaterialTags(
          tx,
          id,
          m.tags.map((t) => tagIds.get(t) as string),
        );
      }
      await podcastService.seedDemoPodcasts(tx, { categoryId, covers: media?.podcastCovers, audio: media?.podcastAudio, now });
      return {
        seeded: true,
        categories: SEED_CATEGORIES.length,
        tags: SEED_TAGS.length,
        materials: SEED_MATERIALS.length,
        podcasts: SEED_PODCASTS.length,
        mediaFiles: mediaCount(media),
      };
    });
  } catch (error) {
    await writer?.discard();
    throw error;
  }
  if (result.seeded) {
    contentCacheFor(db).invalidate();
    log?.info(
      `Demo content added: ${result.categories} categories, ${result.tags} tags, ${result.materials} knowledge materials, ${result.podcasts} podcast episodes` +
        (result.mediaFiles > 0 ? `, with ${result.mediaFiles} generated covers and audio files` : ' (without covers or audio)'),
    );
  }
  return result;
}
