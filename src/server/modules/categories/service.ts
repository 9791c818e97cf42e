import type { SQL, AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, ErrorCode, notFound } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { categoryInputSchema, type Category } from '../../../shared/schemas/podcasts';
import type { Db, Queryable } from '../../db/client';
import { pgErrorCode, REFERENCED_ROW_CODES, UNIQUE_VIOLATION } from '../../db/pg-errors';
import * as repo from './repository';

/**
 * Content categories (SPEC §3 Podcast category): one list shared by podcasts and Knowledge Hub
 * materials. Names are unique ignoring case; a category in use cannot be deleted.
 */

const m = messages.content;

const unknownCategory = () => new AppError(ErrorCode.validationFailed, m.unknownCategory, 400, [{ path: 'body.category_id', message: m.unknownCategory }]);

function toCategory(row: repo.CategoryRow): Category {
  return { id: row.id, name: row.name, description: row.description };
}

/** A list filter on a category given by id or by name (ignoring case), for the podcast and material lists. */
export function categoryFilter(categoryId: AnyColumn, idOrName: string): SQL {
  return repo.categoryMatches(categoryId, idOrName);
}

export async function countCategories(db: Queryable): Promise<number> {
  return repo.countCategories(db);
}

/** Adds a category as given, in the caller's transaction (the demo content seed); returns its id. */
export async function seedCategory(db: Queryable, values: { name: string; description: string | null }): Promise<string> {
  return (await repo.insertCategory(db, values)).id;
}

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
  // The podcasts' and materials' foreign keys refuse the delete while either uses the category.
  const inUse = new AppError(ErrorCode.inUse, m.categoryInUse, 409);
  try {
    if (!(await repo.deleteCategory(db, id))) throw notFound(m.categoryNotFound);
  } catch (error) {
    if (REFERENCED_ROW_CODES.has(pgErrorCode(error) ?? '')) throw inUse;
    throw error;
  }
}
