import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { standardDisciplineSchema } from '../../../shared/schemas/standards';
import { standards } from './tables';

/**
 * What a folder of standards files says about the standards in it (`catalogue.json` beside the
 * files): each standard's display name, its jurisdiction (the group the standard selectors list
 * it under) and where its text comes from. A folder without one imports as before, the
 * standard named by the folder or by the rows.
 */
export const CATALOGUE_FILE = 'catalogue.json';

const catalogueSchema = z.object({
  standards: z
    .array(
      z.object({
        code: z.string().trim().min(1),
        name: z.string().trim().min(1),
        jurisdiction: z.string().trim().min(1),
        /** Where the text was taken from: each of the standard's documents carries it. */
        source: z.string().trim().min(1).optional(),
        /**
         * Disciplines a document (by title) serves beyond the one its rows propose: the corpus maps
         * each document to one discipline, and some serve more.
         */
        alsoServes: z.record(z.string().min(1), z.array(standardDisciplineSchema).min(1)).optional(),
      }),
    )
    .min(1),
});
export type FolderCatalogue = z.infer<typeof catalogueSchema>['standards'];

/** The folder's catalogue, or undefined when it has none; a malformed one fails naming the file. */
export async function readFolderCatalogue(folder: string): Promise<FolderCatalogue | undefined> {
  const file = path.join(folder, CATALOGUE_FILE);
  const content = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (content === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new Error(`${file}: not valid JSON`);
  }
  const parsed = catalogueSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data.standards;
}

/** Creates or updates each catalogued standard's name and jurisdiction (a later edition of the catalogue may rename one). */
export async function registerCatalogue(db: Queryable, catalogue: FolderCatalogue): Promise<void> {
  for (const entry of catalogue) {
    await db
      .insert(standards)
      .values({ code: entry.code, name: entry.name, jurisdiction: entry.jurisdiction })
      .onConflictDoUpdate({ target: standards.code, set: { name: entry.name, jurisdiction: entry.jurisdiction } });
  }
}
