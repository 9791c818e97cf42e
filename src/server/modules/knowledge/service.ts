import { AppError, ErrorCode, notFound } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { readTimeOf, type Material, type MaterialKind, type MaterialListQuery, type MaterialValues, type Tag } from '../../../shared/schemas/knowledge';
import type { Db } from '../../db/client';
import { releaseUnusedFiles, type ContentFiles } from '../content-files/service';
import type { Queryable } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { assertCategoryExists } from '../categories/service';
import * as repo from './repository';

const m = messages.content;

/** Who is reading: guests get previews only (SPEC §2 Knowledge Hub, §6). */
export type Reader = 'guest' | 'member';

function toMaterial(row: repo.MaterialRow, tags: Tag[], reader: Reader): Material {
  const base = {
    id: row.id,
    kind: row.kind as MaterialKind,
    title: row.title,
    abstract: row.abstract,
    category_id: row.categoryId,
    podcast_categories: { id: row.categoryId, name: row.categoryName },
    author: row.author,
    read_time: row.readTime,
    featured: row.featured,
    image_url: row.imageUrl,
    tags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  // The gate is enforced here: a guest's material has no content and no file_url at all.
  if (reader === 'guest') return { ...base, preview: true };
  return { ...base, content: row.content, file_url: row.fileUrl, preview: false };
}

// ── Tags ──────────────────────────────────────────────────────────────────

export const listTags = (db: Db): Promise<Tag[]> => repo.listTags(db);

export async function getTag(db: Db, id: string): Promise<Tag> {
  const tag = await repo.findTag(db, id);
  if (!tag) throw notFound(m.tagNotFound);
  return tag;
}

const duplicateTag = () => new AppError(ErrorCode.alreadyExists, m.tagExists, 409, [{ path: 'body.name', message: m.tagExists }]);

export async function createTag(db: Db, name: string): Promise<Tag> {
  if (await repo.findTagByName(db, name)) throw duplicateTag();
  try {
    return await repo.insertTag(db, name);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateTag();
    throw error;
  }
}

/** Renames a tag; the search text of every material carrying it follows. */
export async function renameTag(db: Db, id: string, name: string): Promise<Tag> {
  const clash = await repo.findTagByName(db, name);
  if (clash && clash.id !== id) throw duplicateTag();
  try {
    return await db.transaction(async (tx) => {
      const tag = await repo.renameTag(tx, id, name);
      if (!tag) throw notFound(m.tagNotFound);
      await repo.refreshTagNames(tx, await repo.materialIdsWithTag(tx, id));
      return tag;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateTag();
    throw error;
  }
}

/** Deletes a tag and takes it off every material. */
export async function deleteTag(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const materialIds = await repo.materialIdsWithTag(tx, id);
    if (!(await repo.deleteTag(tx, id))) throw notFound(m.tagNotFound);
    await repo.refreshTagNames(tx, materialIds);
  });
}

// ── Materials ─────────────────────────────────────────────────────────────

async function withTags(db: Queryable, rows: repo.MaterialRow[], reader: Reader): Promise<Material[]> {
  const tags = await repo.tagsOfMaterials(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toMaterial(row, tags.get(row.id) ?? [], reader));
}

export async function listMaterials(db: Db, filter: MaterialListQuery, reader: Reader): Promise<Material[]> {
  return withTags(db, await repo.listMaterials(db, { ...filter, searchContent: reader === 'member' }), reader);
}

export async function getMaterial(db: Db, id: string, reader: Reader): Promise<Material> {
  const row = await repo.findMaterial(db, id);
  if (!row) throw notFound(m.materialNotFound);
  const [material] = await withTags(db, [row], reader);
  if (!material) throw notFound(m.materialNotFound);
  return material;
}

/** 400 unless every tag id names an existing tag (duplicates were refused by the schema). */
async function assertTagsExist(db: Queryable, ids: string[]): Promise<void> {
  const found = new Set((await repo.findTagsByIds(db, ids)).map((t) => t.id.toLowerCase()));
  const missing = ids.findIndex((id) => !found.has(id.toLowerCase()));
  if (missing >= 0) {
    throw new AppError(ErrorCode.validationFailed, m.unknownTag, 400, [{ path: `body.tags.${missing}`, message: m.unknownTag }]);
  }
}

function materialColumns(input: MaterialValues) {
  return {
    kind: input.kind,
    title: input.title,
    abstract: input.abstract,
    content: input.content,
    categoryId: input.category_id,
    author: input.author,
    // Given reading times are kept as written; otherwise derived from the content at 275 wpm.
    readTime: input.read_time ?? readTimeOf(input.content),
    featured: input.featured,
    imageUrl: input.image_url,
    fileUrl: input.file_url,
  };
}

export async function createMaterial(db: Db, input: MaterialValues): Promise<Material> {
  const id = await db.transaction(async (tx) => {
    await assertCategoryExists(tx, input.category_id);
    await assertTagsExist(tx, input.tags);
    const materialId = await repo.insertMaterial(tx, materialColumns(input));
    await repo.setMaterialTags(tx, materialId, input.tags);
    return materialId;
  });
  return getMaterial(db, id, 'member');
}

/**
 * Replaces a material's fields and tags (SPEC §7 PUT). Uploaded files it no longer uses (and
 * nothing else does) are deleted afterwards.
 */
export async function updateMaterial(db: Db, id: string, input: MaterialValues, files?: ContentFiles): Promise<Material> {
  const before = await db.transaction(async (tx) => {
    const existing = await repo.findMaterial(tx, id);
    if (!existing) throw notFound(m.materialNotFound);
    await assertCategoryExists(tx, input.category_id);
    await assertTagsExist(tx, input.tags);
    await repo.updateMaterial(tx, id, materialColumns(input));
    await repo.setMaterialTags(tx, id, input.tags);
    return existing;
  });
  await releaseUnusedFiles(db, files, [before.imageUrl, before.fileUrl]);
  return getMaterial(db, id, 'member');
}

/** Deletes a material, then its uploaded image and document unless something else uses them. */
export async function deleteMaterial(db: Db, id: string, files?: ContentFiles): Promise<void> {
  const deleted = await repo.deleteMaterial(db, id);
  if (!deleted) throw notFound(m.materialNotFound);
  await releaseUnusedFiles(db, files, [deleted.imageUrl, deleted.fileUrl]);
}
