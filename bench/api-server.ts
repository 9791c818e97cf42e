/**
 * The server side of `npm run bench:api`, in its own process so that load generation does not
 * share its event loop: the Trackside app on one port, a bare Fastify route on another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const databaseUrl = process.argv[3];

let database: Database;
let tempDir: string | undefined;
if (driver === 'postgres') {
  if (!databaseUrl) throw new Error('postgres needs a database URL');
  database = openPostgres(databaseUrl, { max: 10 });
} else {
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-bench-'));
  database = await openPglite(path.join(tempDir, 'db'));
}
await database.migrate();

const config = loadConfig({ LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '0', PUBLIC_URL: 'http://127.0.0.1' });
const app = await buildApp({ config, database, logger: false, mailer: { send: async () => {} } });
const email = `bench-${Date.now()}@example.com`;
const password = 'Bench-Passw0rd';
await app.services.auth.createUser(email, password);
const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ appAddress, bareAddress, email, password });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await bare.close();
  await database.close();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  process.exit(0);
});
