/**
 * What the benchmark servers share: a database of the driver asked for (a scratch PGlite, or
 * the PostgreSQL URL given) and the Trackside app on it with one signed-up bench user.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';

export type BenchDriver = 'pglite' | 'postgres';

export interface BenchDatabase {
  database: Database;
  /** Closes the database and removes a scratch data directory. */
  dispose(): Promise<void>;
}

/** A migrated database: PGlite in a scratch directory, or PostgreSQL at `url`. */
export async function openBenchDatabase(driver: BenchDriver, url: string | undefined, label = 'bench'): Promise<BenchDatabase> {
  if (driver === 'postgres') {
    if (!url) throw new Error('postgres needs a database URL');
    const database = openPostgres(url, { max: 10 });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const tempDir = mkdtempSync(path.join(os.tmpdir(), `trackside-${label}-`));
  const database = await openPglite(path.join(tempDir, 'db'));
  await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** The app as a benchmark drives it: quiet, no mail, sign-in limits off, with one user. */
export async function startBenchApp(database: Database, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; email: string; password: string }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '0', PUBLIC_URL: 'http://127.0.0.1', ...env });
  const app = await buildApp({ config, database, logger: false, mailer: { send: async () => {} } });
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Passw0rd';
  await app.services.auth.createUser(email, password);
  return { app, email, password };
}
