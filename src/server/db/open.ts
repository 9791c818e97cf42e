import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { setTimeout as sleep } from 'node:timers/promises';
import { lockDataDir } from './data-dir-lock';
import { isDatabaseUnavailable, rootCauseMessage } from './pg-errors';

export interface OpenedDatabase extends Database {
  /** Closes the database and releases the data-directory lock. */
  shutdown(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/db (locked to this process). */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, { connectTimeoutMs: config.databaseTimeouts.connectMs, queryTimeoutMs: config.databaseTimeouts.queryMs });
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

/** The longest pause between two tries to reach a database that is not up yet. */
const MAX_RETRY_DELAY_MS = 10_000;

/**
 * Applies the migrations once the database answers. A server started before its database (a
 * host reboot, a container started first) waits and says why, instead of exiting; any other
 * failure stops the start.
 */
export async function migrateWhenReachable(database: Database, warn: (line: string) => void, firstDelayMs = 1000): Promise<void> {
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
    try {
      await database.migrate();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      warn(`Waiting for the database (${rootCauseMessage(error)}); trying again in ${Math.round(delay / 1000)} s`);
      await sleep(delay);
    }
  }
}
