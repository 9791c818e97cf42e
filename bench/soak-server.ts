/**
 * The server side of `npm run bench:soak`: Trackside as it runs after a first start (the bundled
 * standards, the demo content and forum seeded), in a process of its own so that its memory
 * can be read alone (`rss` over IPC).
 */
import { seedForumContent } from '../src/server/modules/forum/seed';
import { seedDemoContent } from '../src/server/modules/knowledge/seed';
import { seedStandardCatalogue } from '../src/server/modules/standards/service';
import { startStandards } from '../src/server/modules/standards/startup';
import { loadConfig } from '../src/server/config';
import { openBenchDatabase, startBenchApp } from './bench-app';

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const bench = await openBenchDatabase(driver, process.argv[3], 'bench-soak');
const { db } = bench.database;
const quiet = { info: () => undefined, warn: (m: string) => console.warn(m) };
await seedStandardCatalogue(db);
await startStandards({ db, config: { ...loadConfig({}), standardsAutofetch: false }, log: quiet });
await seedDemoContent(db, quiet, { media: null });
await seedForumContent(db, quiet);
// Limits as in production, except sign-in: the soak signs its users up from one address.
const { app } = await startBenchApp(bench.database, { SIGNIN_RATE_LIMIT: '0', SIGNUP_ENABLED: 'true' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ address });
process.on('message', async (message) => {
  if (message === 'rss') {
    process.send?.({ rss: process.memoryUsage().rss });
    return;
  }
  if (message !== 'stop') return;
  await app.close();
  await bench.dispose();
  process.exit(0);
});
