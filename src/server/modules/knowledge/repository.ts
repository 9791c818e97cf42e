import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MaterialKind } from '../../../shared/schemas/knowledge';
import type { Queryable } from '../../db/client';
import { categoryFilter } from '../categories/service';
import { podcastCategories } from '../categories/tables';
import { knowledgeMaterials, knowledgeMaterialTags, knowledgeTags } from './tables';

export type TagRow = typeof knowledgeTags.$inferSelect;

// ── Tags ──────────────────────────────────────────────────────────────────

export function listTags(db: Queryable) {
  return db
    .select({ id: knowledgeTags.id, name: knowledgeTags.name })
    .from(knowledgeTags)
    .orderBy(sql`lower(${knowledgeTags.name})`, asc(knowledgeTags.name));
}

export function findTag(db: Queryable, id: string) {
  return db
    .select({ id: knowledgeTags.id, name: knowledgeTags.name })
    .from(knowledgeTags)
    .where(eq(knowledgeTags.id, id))
    .then((r) => r[0]);
}

export function findTagByName(db: Queryable, name: string) {
  return db
    .select({ id: knowledgeTags.id, name: knowledgeTags.name })
    .from(knowledgeTags)
    .where(sql`lower(${knowledgeTags.name}) = lower(${name})`)
    .then((r) => r[0]);
}

export function findTagsByIds(db: Queryable, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: knowledgeTags.id, name: knowledgeTags.name }).from(knowledgeTags).where(inArray(knowledgeTags.id, ids));
}

export async function insertTag(db: Queryable, name: string) {
  const [row] = await db.insert(knowledgeTags).values({ name }).returning({ id: knowledgeTags.id, name: knowledgeTags.name });
  if (!row) throw new Error('insert into knowledge_tags returned nothing');
  return row;
}

export function renameTag(db: Queryable, id: string, name: string) {
  return db
    .update(knowledgeTags)
    .set({ name })
    .where(eq(knowledgeTags.id, id))
    .returning({ id: knowledgeTags.id, name: knowledgeTags.name })
    .then((r) => r[0]);
}

export function deleteTag(db: Queryable, id: string) {
  return db
    .delete(knowledgeTags)
    .where(eq(knowledgeTags.id, id))
    .returning({ id: knowledgeTags.id })
    .then((r) => r[0]);
}

/** Ids of the materials carrying a tag. */
export async function materialIdsWithTag(db: Queryable, tagId: string): Promise<string[]> {
  const rows = await db.select({ id: knowledgeMaterialTags.materialId }).from(knowledgeMaterialTags).where(eq(knowledgeMaterialTags.tagId, tagId));
  return rows.map((r) => r.id);
}

/** Recomputes the tag names mirrored into materials' search vectors. */
export async function refreshTagNames(db: Queryable, materialIds: string[]): Promise<void> {
  if (materialIds.length === 0) return;
  await db
    .update(knowledgeMaterials)
    .set({
      tagNames: sql`coalesce((select string_agg(t.name, ' ' order by lower(t.name)) from ${knowledgeMaterialTags} mt join ${knowledgeTags} t on t.id = mt.tag_id where mt.material_id = ${knowledgeMaterials.id}), '')`,
    })
    .where(inArray(knowledgeMaterials.id, materialIds));
}

// ── Materials ─────────────────────────────────────────────────────────────

const materialColumns = {
  id: knowledgeMaterials.id,
  kind: knowledgeMaterials.kind,
  title: knowledgeMaterials.title,
  abstract: knowledgeMaterials.abstract,
  content: knowledgeMaterials.content,
  categoryId: knowledgeMaterials.categoryId,
  categoryName: podcastCategories.name,
  author: knowledgeMaterials.author,
  readTime: knowledgeMaterials.readTime,
  featured: knowledgeMaterials.featured,
  imageUrl: knowledgeMaterials.imageUrl,
  fileUrl: knowledgeMaterials.fileUrl,
  createdAt: knowledgeMaterials.createdAt,
  updatedAt: knowledgeMaterials.updatedAt,
};

export interface MaterialRow {
  id: string;
  kind: string;
  title: string;
  abstract: string;
  content: string | null;
  categoryId: string;
  categoryName: string;
  author: string | null;
  readTime: string | null;
  featured: boolean;
  imageUrl: string | null;
  fileUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MaterialFilter {
  q?: string;
  category?: string;
  tag?: string;
  kind?: MaterialKind;
  featured?: boolean;
  /** Search the content too (signed-in readers); guests search title, abstract and tags only. */
  searchContent: boolean;
}

/** Materials newest first; with `q`, best match first (title, then tags and abstract, then content). */
export function listMaterials(db: Queryable, filter: MaterialFilter): Promise<MaterialRow[]> {
  const vector = filter.searchContent ? knowledgeMaterials.search : knowledgeMaterials.searchPreview;
  const query = filter.q === undefined ? undefined : sql`websearch_to_tsquery('english', ${filter.q})`;
  const conditions: SQL[] = [];
  if (query) conditions.push(sql`${vector} @@ ${query}`);
  if (filter.category !== undefined) conditions.push(categoryFilter(knowledgeMaterials.categoryId, filter.category));
  if (filter.tag !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${knowledgeMaterialTags} mt join ${knowledgeTags} t on t.id = mt.tag_id where mt.material_id = ${knowledgeMaterials.id} and (t.id::text = ${filter.tag.toLowerCase()} or lower(t.name) = lower(${filter.tag})))`,
    );
  }
  if (filter.kind !== undefined) conditions.push(eq(knowledgeMaterials.kind, filter.kind));
  if (filter.featured !== undefined) conditions.push(eq(knowledgeMaterials.featured, filter.featured));
  return db
    .select(materialColumns)
    .from(knowledgeMaterials)
    .innerJoin(podcastCategories, eq(podcastCategories.id, knowledgeMaterials.categoryId))
    .where(and(...conditions))
    .orderBy(...(query ? [sql`ts_rank(${vector}, ${query}) desc`] : []), desc(knowledgeMaterials.createdAt), asc(knowledgeMaterials.id));
}

export function findMaterial(db: Queryable, id: string): Promise<MaterialRow | undefined> {
  return db
    .select(materialColumns)
    .from(knowledgeMaterials)
    .innerJoin(podcastCategories, eq(podcastCategories.id, knowledgeMaterials.categoryId))
    .where(eq(knowledgeMaterials.id, id))
    .then((r) => r[0]);
}

/** Tags of each material, by material id, names in alphabetical order. */
export async function tagsOfMaterials(db: Queryable, materialIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byMaterial = new Map<string, { id: string; name: string }[]>();
  if (materialIds.length === 0) return byMaterial;
  const rows = await db
    .select({ materialId: knowledgeMaterialTags.materialId, id: knowledgeTags.id, name: knowledgeTags.name })
    .from(knowledgeMaterialTags)
    .innerJoin(knowledgeTags, eq(knowledgeTags.id, knowledgeMaterialTags.tagId))
    .where(inArray(knowledgeMaterialTags.materialId, materialIds))
    .orderBy(sql`lower(${knowledgeTags.name})`);
  for (const row of rows) {
    const list = byMaterial.get(row.materialId) ?? [];
    list.push({ id: row.id, name: row.name });
    byMaterial.set(row.materialId, list);
  }
  return byMaterial;
}

export async function insertMaterial(db: Queryable, values: typeof knowledgeMaterials.$inferInsert): Promise<string> {
  const [row] = await db.insert(knowledgeMaterials).values(values).returning({ id: knowledgeMaterials.id });
  if (!row) throw new Error('insert into knowledge_materials returned nothing');
  return row.id;
}

export function updateMaterial(db: Queryable, id: string, values: Partial<typeof knowledgeMaterials.$inferInsert>) {
  return db
    .update(knowledgeMaterials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(knowledgeMaterials.id, id))
    .returning({ id: knowledgeMaterials.id })
    .then((r) => r[0]);
}

export function deleteMaterial(db: Queryable, id: string) {
  return db
    .delete(knowledgeMaterials)
    .where(eq(knowledgeMaterials.id, id))
    .returning({ id: knowledgeMaterials.id, imageUrl: knowledgeMaterials.imageUrl, fileUrl: knowledgeMaterials.fileUrl })
    .then((r) => r[0]);
}

/** Replaces a material's tags (ids already checked) and its mirrored tag names. */
export async function setMaterialTags(db: Queryable, materialId: string, tagIds: string[]): Promise<void> {
  await db.delete(knowledgeMaterialTags).where(eq(knowledgeMaterialTags.materialId, materialId));
  if (tagIds.length > 0) await db.insert(knowledgeMaterialTags).values(tagIds.map((tagId) => ({ materialId, tagId })));
  await refreshTagNames(db, [materialId]);
}

export async function countMaterials(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(knowledgeMaterials);
  return row?.n ?? 0;
}
