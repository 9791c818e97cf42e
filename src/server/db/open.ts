import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { lockDataDir } from './data-dir-lock';

export interface OpenedDatabase extends Database {
  /** Closes the database and releases the data-directory lock. */
  shutdown(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/db (locked to this process). */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl);
    return { ...database, shutdown: () => database.close() };
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'db'));
    return {
      ...database,
      async shutdown() {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
