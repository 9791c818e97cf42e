import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { withDatabaseName } from '../../src/server/test/postgres-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

/** Migrates a template database once per run; each test file clones it (src/server/test/database.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = `trackside_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openPostgres(withDatabaseName(url, template), { max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
