import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { podcastCategories } from './tables';

export type CategoryRow = typeof podcastCategories.$inferSelect;

/** A category given by id or by name (ignoring case), as list filters accept it. */
export function categoryMatches(categoryId: AnyColumn, idOrName: string): SQL {
  return sql`${categoryId} in (select ${podcastCategories.id} from ${podcastCategories} where ${podcastCategories.id}::text = ${idOrName.toLowerCase()} or lower(${podcastCategories.name}) = lower(${idOrName}))`;
}

export function listCategories(db: Queryable) {
  return db
    .select()
    .from(podcastCategories)
    .orderBy(sql`lower(${podcastCategories.name})`, asc(podcastCategories.name));
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

export async function countCategories(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(podcastCategories);
  return row?.n ?? 0;
}
