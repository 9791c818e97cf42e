import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { projectRoot } from '../project-root';

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

export const migrationsFolder = path.join(projectRoot, 'drizzle');

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
 * bytea to and from PostgreSQL's hex text with Node's own codec. PGlite's writes a byte at a time
 * through an array of one string per byte, and its reader a number per two characters: some 60 MB
 * of garbage for a 340 KB upload stored and read back, on the server's thread.
 */
export const pgliteBytea = {
  serialize: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  parse: (text: string): Uint8Array => Buffer.from(text.slice(2), 'hex'),
};

/** The types drizzle asks PGlite to answer as raw text (it reads them itself): timestamps, intervals, dates and their arrays, numeric[]. */
export const RAW_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const rawText = (value: string) => value;

/**
 * `options` without drizzle's parsers when they only ask for {@link RAW_TEXT_TYPES} as raw text,
 * which the embedded database is set up to answer anyway. PGlite merges a query's parsers into
 * its table of some 300 for every result: 120 KB of garbage a query, three times what the query
 * costs otherwise, on the server's thread.
 */
export function withoutRawTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!options || !parsers) return options;
  const types = Object.keys(parsers).map(Number);
  const rawOnly =
    types.length === RAW_TEXT_TYPES.length && RAW_TEXT_TYPES.every((type) => types.includes(type) && parsers[type]?.('0001-01-01') === '0001-01-01');
  if (!rawOnly) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/** PGlite answering {@link RAW_TEXT_TYPES} as raw text and bytea with {@link pgliteBytea}, without per-query parsers that say the same. */
class EmbeddedPostgres extends PGlite {
  constructor(dataDir: string | undefined) {
    super(dataDir, {
      serializers: { [types.BYTEA]: pgliteBytea.serialize },
      parsers: { ...Object.fromEntries(RAW_TEXT_TYPES.map((type) => [type, rawText])), [types.BYTEA]: pgliteBytea.parse },
    });
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, withoutRawTextParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) =>
      callback(
        Object.create(tx, {
          query: { value: <R>(query: string, params?: unknown[], options?: QueryOptions) => tx.query<R>(query, params, withoutRawTextParsers(options)) },
        }) as Transaction,
      ),
    );
  }
}

/**
 * Embedded PostgreSQL (PGlite), persisted in `dataDir` or in memory when it is undefined.
 * One process may open a data directory at a time; callers hold the lock (see data-dir-lock.ts).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new EmbeddedPostgres(dataDir);
  await client.waitReady;
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
