/**
 * The server side of `npm run bench:api`, in its own process so that load generation does not
 * share its event loop: the Trackside app on one port, a bare Fastify route on another.
 */
import Fastify from 'fastify';
import { openBenchDatabase, startBenchApp } from './bench-app';

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const bench = await openBenchDatabase(driver, process.argv[3]);
const { app, email, password } = await startBenchApp(bench.database);
const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ appAddress, bareAddress, email, password });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await bare.close();
  await bench.dispose();
  process.exit(0);
});
