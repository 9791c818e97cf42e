import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import { parseJsonl } from '../modules/standards/importers/jsonl';
import { importDocument, seedStandardCatalogue } from '../modules/standards/service';

/** The bundled 49 CFR corpus (standards/49-cfr), the same 2,991 clauses a fresh install gets. */
export const bundledCorpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../standards/49-cfr');

/** Seeds the standard catalogue and imports the bundled corpus (or only the named parts). */
export async function loadBundledCorpus(db: Db, parts?: string[]): Promise<void> {
  await seedStandardCatalogue(db);
  const files = readdirSync(bundledCorpusDir)
    .filter((f) => f.endsWith('.jsonl'))
    .filter((f) => !parts || parts.some((p) => f === `part-${p}.jsonl`))
    .sort();
  for (const file of files) {
    for (const document of parseJsonl(readFileSync(path.join(bundledCorpusDir, file), 'utf8'), { fileName: file })) {
      await importDocument(db, '49 CFR', document);
    }
  }
}
