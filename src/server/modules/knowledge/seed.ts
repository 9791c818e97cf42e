import { sql } from 'drizzle-orm';
import { readTimeOf } from '../../../shared/schemas/knowledge';
import type { Db } from '../../db/client';
import * as podcastRepo from '../podcasts/repository';
import * as repo from './repository';
import { SEED_CATEGORIES, SEED_MATERIALS, SEED_PODCASTS, SEED_TAGS } from './seed-content';

/** Serialises first-start seeding across instances sharing one PostgreSQL server. */
const SEED_LOCK_ID = 72_616_938;
const DAY_MS = 86_400_000;

export interface ContentSeedResult {
  seeded: boolean;
  categories: number;
  tags: number;
  materials: number;
  podcasts: number;
}

/**
 * First start only: when no category, tag, podcast or material exists yet, adds the demo
 * categories, tags, Knowledge Hub materials and podcast episodes (episodes without audio).
 * Anything already there — even one admin-made row — means it does nothing.
 */
export async function seedDemoContent(db: Db, log?: { info(message: string): void }, now = new Date()): Promise<ContentSeedResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const existing =
      (await podcastRepo.countCategories(tx)) + (await podcastRepo.countPodcasts(tx)) + (await repo.countMaterials(tx)) + (await repo.listTags(tx)).length;
    if (existing > 0) return { seeded: false, categories: 0, tags: 0, materials: 0, podcasts: 0 };

    const categoryIds = new Map<string, string>();
    for (const c of SEED_CATEGORIES) categoryIds.set(c.name, (await podcastRepo.insertCategory(tx, c)).id);
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
        createdAt: created,
        updatedAt: created,
      });
      await repo.setMaterialTags(
        tx,
        id,
        m.tags.map((t) => tagIds.get(t) as string),
      );
    }
    for (const p of SEED_PODCASTS) {
      await podcastRepo.insertPodcast(tx, {
        title: p.title,
        description: p.description,
        categoryId: categoryId(p.category),
        featured: p.featured,
        publishDate: new Date(now.getTime() - p.daysAgo * DAY_MS),
      });
    }
    return { seeded: true, categories: SEED_CATEGORIES.length, tags: SEED_TAGS.length, materials: SEED_MATERIALS.length, podcasts: SEED_PODCASTS.length };
  });
  if (result.seeded) {
    log?.info(
      `Demo content added: ${result.categories} categories, ${result.tags} tags, ${result.materials} knowledge materials, ${result.podcasts} podcast episodes (without audio yet)`,
    );
  }
  return result;
}
