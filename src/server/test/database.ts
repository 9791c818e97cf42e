import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { uniqueDatabaseName, withDatabaseName } from './postgres-databases';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (in the `postgres`
 * project) a clone of the migrated template on TEST_DATABASE_URL, dropped on close.
 */
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (the `postgres` project only). */
  url?: string;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = uniqueDatabaseName();
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const databaseUrl = withDatabaseName(url, name);
  const database = openPostgres(databaseUrl, { max: 4 });
  return {
    ...database,
    url: databaseUrl,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
