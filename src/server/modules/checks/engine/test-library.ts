import { afterAll, beforeAll } from 'vitest';
import { loadBundledCorpus } from '../../../test/corpus';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { CHECK_PARTS } from '../test-support';
import { loadCheckLibrary, type CheckLibrary } from './index';

/**
 * The requirements library for a test file: the bundled Parts (by default every Part the check
 * draws on) imported into a database of its own once, before the file's tests, and closed after.
 */
export function useCheckLibrary(parts: readonly string[] = CHECK_PARTS): () => CheckLibrary {
  let database: TestDatabase | undefined;
  let library: CheckLibrary | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    await loadBundledCorpus(database.db, [...parts]);
    library = await loadCheckLibrary(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!library) throw new Error('useCheckLibrary: the library is loaded in beforeAll');
    return library;
  };
}
