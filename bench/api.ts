/**
 * `npm run bench:api`: requests/s and latency percentiles of GET /api/health, an authenticated
 * GET /api/profiles/me and password sign-in, beside a bare Fastify route measured in the same
 * run, on PGlite and (when one answers) PostgreSQL. Prints figures; asserts nothing.
 *
 *   BENCH_SECONDS (default 5)  BENCH_CONNECTIONS (default 10)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres when it answers)
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

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

function reachable(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    setTimeout(() => (socket.destroy(), resolve(false)), 1000);
  });
}

async function withBenchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? ((await reachable(5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  if (!base) return undefined;
  const name = `trackside_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const rows = await benchDriver('pglite');
const pgRows = await withBenchDatabase((url) => benchDriver('postgres', url));
if (pgRows) rows.push(...pgRows);
else console.log('PostgreSQL not reachable: set BENCH_DATABASE_URL to include it.');

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
