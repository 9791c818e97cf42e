import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categoryFilter } from '../categories/service';
import { podcastCategories } from '../categories/tables';
import { podcasts } from './tables';

export type PodcastRow = typeof podcasts.$inferSelect;

const podcastColumns = {
  podcast: {
    id: podcasts.id,
    title: podcasts.title,
    description: podcasts.description,
    categoryId: podcasts.categoryId,
    featured: podcasts.featured,
    duration: podcasts.duration,
    imageUrl: podcasts.imageUrl,
    audioUrl: podcasts.audioUrl,
    publishDate: podcasts.publishDate,
    createdAt: podcasts.createdAt,
    updatedAt: podcasts.updatedAt,
  },
  category: { id: podcastCategories.id, name: podcastCategories.name },
};

export type PodcastWithCategory = { podcast: Omit<PodcastRow, 'search'>; category: { id: string; name: string } };

export interface PodcastFilter {
  q?: string;
  category?: string;
  featured?: boolean;
}

/** Podcasts newest publish date first; with `q`, best match first (title over description). */
export function listPodcasts(db: Queryable, filter: PodcastFilter = {}): Promise<PodcastWithCategory[]> {
  const query = filter.q === undefined ? undefined : sql`websearch_to_tsquery('english', ${filter.q})`;
  const conditions: SQL[] = [];
  if (query) conditions.push(sql`${podcasts.search} @@ ${query}`);
  if (filter.category !== undefined) conditions.push(categoryFilter(podcasts.categoryId, filter.category));
  if (filter.featured !== undefined) conditions.push(eq(podcasts.featured, filter.featured));
  return db
    .select(podcastColumns)
    .from(podcasts)
    .innerJoin(podcastCategories, eq(podcastCategories.id, podcasts.categoryId))
    .where(and(...conditions))
    .orderBy(...(query ? [sql`ts_rank(${podcasts.search}, ${query}) desc`] : []), desc(podcasts.publishDate), desc(podcasts.createdAt), asc(podcasts.id));
}

export function findPodcast(db: Queryable, id: string): Promise<PodcastWithCategory | undefined> {
  return db
    .select(podcastColumns)
    .from(podcasts)
    .innerJoin(podcastCategories, eq(podcastCategories.id, podcasts.categoryId))
    .where(eq(podcasts.id, id))
    .then((r) => r[0]);
}

export async function insertPodcast(db: Queryable, values: typeof podcasts.$inferInsert): Promise<string> {
  const [row] = await db.insert(podcasts).values(values).returning({ id: podcasts.id });
  if (!row) throw new Error('insert into podcasts returned nothing');
  return row.id;
}

export function updatePodcast(db: Queryable, id: string, values: Partial<typeof podcasts.$inferInsert>) {
  return db
    .update(podcasts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(podcasts.id, id))
    .returning({ id: podcasts.id })
    .then((r) => r[0]);
}

export function deletePodcast(db: Queryable, id: string) {
  return db
    .delete(podcasts)
    .where(eq(podcasts.id, id))
    .returning({ id: podcasts.id, imageUrl: podcasts.imageUrl, audioUrl: podcasts.audioUrl })
    .then((r) => r[0]);
}

export async function countPodcasts(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(podcasts);
  return row?.n ?? 0;
}
