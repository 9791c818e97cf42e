import net from 'node:net';
import pg from 'pg';

function reachable(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    setTimeout(() => (socket.destroy(), resolve(false)), 1000);
  });
}

/**
 * Runs `fn` with the URL of a scratch PostgreSQL database, dropped afterwards: on
 * BENCH_DATABASE_URL's server, or the local one when it answers. Undefined when there is none.
 */
export async function withBenchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? ((await reachable(5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  if (!base) {
    console.log('PostgreSQL not reachable: set BENCH_DATABASE_URL to include it.');
    return undefined;
  }
  return withScratchDatabase(base, fn);
}

/** Runs `fn` with the URL of a scratch database made on `base`'s server, dropped afterwards. */
export async function withScratchDatabase<T>(base: string, fn: (url: string) => Promise<T>, prefix = 'trackside_bench'): Promise<T> {
  const name = `${prefix}_${process.pid}`;
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
