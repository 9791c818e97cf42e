import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../db/client';
import { readFolderCatalogue, registerCatalogue } from '../../standards/folder-catalogue';
import { importStandardFiles } from '../../standards/import-files';
import { seedStandardCatalogue } from '../../standards/service';

/** The bundled library (standards/): the folders a fresh install imports. */
export const bundledStandardsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../standards');

/**
 * Imports some of the bundled files, as the first start imports them (each folder's catalogue
 * registered, the rows naming their standards): `{ 'canada': ['grade-crossings-regulations.jsonl'] }`.
 */
export async function loadBundledFiles(db: Db, files: Record<string, string[]>): Promise<void> {
  await seedStandardCatalogue(db);
  for (const [folder, names] of Object.entries(files)) {
    const dir = path.join(bundledStandardsDir, folder);
    const catalogue = await readFolderCatalogue(dir);
    if (catalogue) await registerCatalogue(db, catalogue);
    const sources = new Map(catalogue?.flatMap((s) => (s.source ? [[s.code, s.source] as const] : [])));
    for (const name of names) await importStandardFiles(db, { standard: folder, file: path.join(dir, name), sources });
  }
}
