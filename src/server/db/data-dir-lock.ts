import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * PGlite admits one process per data directory. The server and the CLI take this lock
 * before opening it, so a second process fails fast instead of corrupting the database.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: `${dataDir}/.trackside.lock`, stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(`Another Trackside process is using ${dataDir}.`);
    }
    throw error;
  }
}
