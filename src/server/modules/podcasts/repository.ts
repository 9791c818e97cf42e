import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { knowledgeMaterials } from '../knowledge/tables';
import { podcastCategories, podcasts } from './tables';


export type CategoryRow = typeof podcastCategories.$inferSelect;
export type PodcastRow = typeof podcasts.$inferSelect;

/** A category given by id or by name (ignoring case), as list filters accept it. */
export function categoryMatches(categoryId: AnyColumn, idOrName: string): SQL {
  return sql`${categoryId} in (select ${podcastCategories.id} from ${podcastCategories} where ${podcastCategories.id}::text = ${idOrName.toLowerCase()} or lower(${podcastCategories.name}) = lower(${idOrName}))`;
}

export function listCategories(db: Queryable) {
  return db.select().from(podcastCategories).orderBy(sql`lower(${podcastCategories.name})`, asc(podcastCategories.name));
}

export function findCategory(db: Queryable, id: string) {
  return db
    .select()
    .from(podcastCategories)
    .where(eq(podcastCategories.id, id))
    .then((r) => r[0]);
}

export function findCategoryByName(db: Queryable, name: string) {
  return db
    .select()
    .from(podcastCategories)
    .where(sql`lower(${podcastCategories.name}) = lower(${name})`)
    .then((r) => r[0]);
}

export async function insertCategory(db: Queryable, values: typeof podcastCategories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(podcastCategories).values(values).returning();
  if (!row) throw new Error('insert into podcast_categories returned nothing');
  return row;
}

export function updateCategory(db: Queryable, id: string, values: { name: string; description: string | null }) {
  return db
    .update(podcastCategories)
    .set(values)
    .where(eq(podcastCategories.id, id))
    .returning()
    .then((r) => r[0]);
}

export function deleteCategory(db: Queryable, id: string) {
  return db
    .delete(podcastCategories)
    .where(eq(podcastCategories.id, id))
    .returning()
    .then((r) => r[0]);
}

/** How many podcasts and materials use a category. */
export async function countCategoryUses(db: Queryable, id: string): Promise<number> {
  const [used] = await db.select({ n: sql<number>`count(*)::int` }).from(podcasts).where(eq(podcasts.categoryId, id));
  const [usedByMaterials] = await db.select({ n: sql<number>`count(*)::int` }).from(knowledgeMaterials).where(eq(knowledgeMaterials.categoryId, id));
  return (used?.n ?? 0) + (usedByMaterials?.n ?? 0);
}

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
  if (filter.category !== undefined) conditions.push(categoryMatches(podcasts.categoryId, filter.category));
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

export async function countCategories(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(podcastCategories);
  return row?.n ?? 0;
}
