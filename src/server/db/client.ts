import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query interface both drivers share; modules depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent, safe to run from several instances at once). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * The embedded database's data directory as a gzipped tarball, consistent (taken between
   * statements, after a checkpoint); PostgreSQL servers are backed up with their own tools.
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** Serialises migrations across processes that share one PostgreSQL server. */
const MIGRATION_LOCK_ID = 72_616_937;

export interface PostgresOptions {
  /** Pool size. */
  max?: number;
  /** Longest wait for a connection, new or pooled (pg's connectionTimeoutMillis). */
  connectTimeoutMs?: number;
  /**
   * Longest a statement may run: the server cancels it (statement_timeout), and the client gives
   * up a little later should the server itself be frozen (query_timeout).
   */
  queryTimeoutMs?: number;
}

/** What a driver's client waits beyond the server's own statement timeout before it gives up. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

/** PostgreSQL over `pg` when a URL is given. */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const { connectTimeoutMs = 5000, queryTimeoutMs = 10_000 } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      // A connection of its own, without the request timeouts: a migration (an index build) and
      // the wait for another instance's lock may take longer than a request may.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        await client.end();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL (PGlite), persisted in `dataDir` or in memory when it is undefined.
 * One process may open a data directory at a time; callers hold the lock (see data-dir-lock.ts).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    async dump() {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** A transaction, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository function runs on: the database, or a transaction its caller holds. */
export type Queryable = Db | Tx;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a raw SQL query, if any. */
export async function queryOne<T>(db: Queryable, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

/** A timestamp column as a Date: PGlite answers raw queries with Dates, node-postgres with strings. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
