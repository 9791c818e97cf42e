import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from './client';
import { lockDataDir } from './data-dir-lock';

const MANIFEST = 'trackside-backup.json';
const DATABASE_DUMP = 'database.tar.gz';
const STORAGE = 'storage';
const FORMAT = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  /** False when uploads live in S3 (back the bucket up with the provider's tools). */
  storageIncluded: z.boolean(),
});

/** Uploads on local disk, as the storage driver keeps them (`DATA_DIR/storage`). */
const storageDir = (config: Config) => path.join(config.dataDir, STORAGE);
const databaseDir = (config: Config) => path.join(config.dataDir, 'db');

/** Every file under `dir`, relative to it, without uploads still being written (`.part`). */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative);
    return entry.isFile() && !entry.name.endsWith('.part') ? [relative] : [];
  });
}

/** A file placed in the staging folder without copying its bytes where the file system allows. */
async function stage(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}

/**
 * Writes one archive of the embedded database and the uploads on disk (`--out FILE`, a gzipped
 * tar). The database part is PGlite's own dump, taken between statements, so the server may run.
 */
export async function backupEmbedded(database: Database, config: Config, outFile: string): Promise<string> {
  if (!database.dump) {
    throw new Error('DATABASE_URL is set: back up that PostgreSQL server with pg_dump (README, "Running in production").');
  }
  const staging = await mkdtemp(path.join(config.dataDir, '.backup-'));
  try {
    const storageIncluded = !config.storage.s3;
    const files = storageIncluded ? filesUnder(storageDir(config)) : [];
    for (const file of files) await stage(path.join(storageDir(config), file), path.join(staging, STORAGE, file));
    const dump = await database.dump();
    await writeFile(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
    const manifest: z.infer<typeof manifestSchema> = { format: FORMAT, createdAt: new Date().toISOString(), storageIncluded };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // Written beside the target and renamed: a backup cut short never looks like a whole one.
    const partial = `${outFile}.part`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DATABASE_DUMP, ...(files.length > 0 ? [STORAGE] : [])]);
    await rename(partial, outFile);
    const { size } = await stat(outFile);
    const uploads = storageIncluded ? `${files.length} uploaded file${files.length === 1 ? '' : 's'}` : 'uploads are in S3, not included';
    return `Backup written to ${outFile} (${(size / (1024 * 1024)).toFixed(1)} MB: the database and ${uploads}).`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Replaces the embedded database (and the uploads on disk, when the backup has them) with a
 * backup's. The server must be stopped. What was there is kept beside it, renamed
 * `db.before-restore-<time>` and `storage.before-restore-<time>`: a restore never loses data.
 */
export async function restoreEmbedded(config: Config, fromFile: string): Promise<string> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore that PostgreSQL server with pg_restore (README, "Running in production").');
  if (!existsSync(fromFile) || !statSync(fromFile).isFile()) throw new Error(`${fromFile}: no such backup file`);
  const release = await lockDataDir(config.dataDir);
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    await new Promise<void>((resolve, reject) =>
      createReadStream(fromFile)
        .on('error', reject)
        .pipe(tar.extract({ cwd: staging, strict: true }))
        .on('error', reject)
        .on('finish', () => resolve()),
    ).catch(() => {
      throw new Error(`${fromFile}: not a Trackside backup (it cannot be unpacked)`);
    });
    const manifest = manifestSchema.safeParse(JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8').catch(() => '{}')));
    if (!manifest.success || !existsSync(path.join(staging, DATABASE_DUMP))) throw new Error(`${fromFile}: not a Trackside backup`);

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptDb = `${databaseDir(config)}.before-restore-${stamp}`;
    if (existsSync(databaseDir(config))) await rename(databaseDir(config), keptDb);
    try {
      const restored = await PGlite.create(databaseDir(config), { loadDataDir: new Blob([await readFile(path.join(staging, DATABASE_DUMP))]) });
      await restored.exec('select 1');
      await restored.close();
    } catch (error) {
      // Put the database that was there back before saying why.
      await rm(databaseDir(config), { recursive: true, force: true });
      if (existsSync(keptDb)) await rename(keptDb, databaseDir(config));
      throw new Error(`${fromFile}: its database could not be restored (${error instanceof Error ? error.message : String(error)}); nothing was changed`);
    }

    let keptStorage: string | undefined;
    if (manifest.data.storageIncluded) {
      if (existsSync(storageDir(config))) {
        keptStorage = `${storageDir(config)}.before-restore-${stamp}`;
        await rename(storageDir(config), keptStorage);
      }
      if (existsSync(path.join(staging, STORAGE))) await rename(path.join(staging, STORAGE), storageDir(config));
    }
    const kept = [existsSync(keptDb) ? keptDb : undefined, keptStorage].filter(Boolean);
    return [
      `Restored the backup of ${manifest.data.createdAt} into ${config.dataDir}.`,
      ...(kept.length > 0 ? [`What was there before is kept in ${kept.join(' and ')}.`] : []),
    ].join('\n');
  } finally {
    await rm(staging, { recursive: true, force: true });
    await release();
  }
}
