/**
 * `npm run bench:api`: requests/s and latency percentiles of GET /api/health, an authenticated
 * GET /api/profiles/me and password sign-in, beside a bare Fastify route measured in the same
 * run, on PGlite and (when one answers) PostgreSQL. Prints figures; asserts nothing.
 *
 *   BENCH_SECONDS (default 5)  BENCH_CONNECTIONS (default 10)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres when it answers)
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { withBenchDatabase } from './bench-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Ready {
  appAddress: string;
  bareAddress: string;
  email: string;
  password: string;
}

interface Row {
  database: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, options: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, ...options });
}

function startServer(driver: string, databaseUrl?: string) {
  const child = fork(path.join(import.meta.dirname, 'api-server.ts'), [driver, ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).send('stop')) };
}

async function benchDriver(driver: string, databaseUrl?: string): Promise<Row[]> {
  const server = startServer(driver, databaseUrl);
  const { appAddress, bareAddress, email, password } = await server.ready;
  const signIn = await fetch(`${appAddress}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const rows: Row[] = [];
  const record = (target: string, r: autocannon.Result) =>
    rows.push({ database: driver, target, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });

  await measure(`${bareAddress}/bare`, { duration: 1 }); // warm-up
  record('bare Fastify route', await measure(`${bareAddress}/bare`));
  record('GET /api/health', await measure(`${appAddress}/api/health`));
  record('GET /api/profiles/me', await measure(`${appAddress}/api/profiles/me`, { headers: { authorization: `Bearer ${token}` } }));
  record(
    'POST /api/auth/token (sign-in)',
    await measure(`${appAddress}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  await server.stop();
  return rows;
}

const rows = await benchDriver('pglite');
const pgRows = await withBenchDatabase((url) => benchDriver('postgres', url));
if (pgRows) rows.push(...pgRows);

console.log(`\n${connections} connections, ${seconds} s per target\n`);
const bareRps = new Map(rows.filter((r) => r.target.startsWith('bare')).map((r) => [r.database, r.rps]));
console.table(
  rows.map((r) => ({
    database: r.database,
    target: r.target,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs bare': `${Math.round((r.rps / (bareRps.get(r.database) ?? r.rps)) * 100)} %`,
    errors: r.errors,
  })),
);
