import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer, MailMessage } from '../lib/mailer';
import { openTestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Messages the app "sent", newest last. */
  mail: MailMessage[];
}

/** Settings for tests: no real mail, no web build, limits as in production unless overridden. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_URL: 'http://trackside.test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data', ...env });
}

export interface TestAppOptions {
  /** Send mail through the real transport (SMTP_URL) instead of collecting it in `mail`. */
  realMailer?: boolean;
  /** Share rate-limit counters between apps (Redis); defaults to a namespace of this app's own. */
  rateLimitNameSpace?: string;
  /** Whether mail can be sent now (the collecting mailer's `ready`); mail always goes when absent. */
  mailReady?: () => Promise<boolean>;
  /** Serve a web app from here (its index.html) instead of none. */
  webRoot?: string;
  /** With `webRoot`: the server-side build that renders the pages that read data. */
  ssrEntry?: string;
}

/**
 * Builds an app on a fresh database, or on `database` when given (the caller then closes it;
 * closing this app leaves it open).
 */
export async function createTestApp(env: Record<string, string> = {}, database?: Database, options: TestAppOptions = {}): Promise<TestContext> {
  const config = testConfig(env);
  const db = database ?? (await openTestDatabase());
  const mail: MailMessage[] = [];
  const mailer: Mailer | undefined = options.realMailer
    ? undefined
    : { send: async (m) => void mail.push(m), ...(options.mailReady ? { ready: options.mailReady } : {}) };
  const app = await buildApp({
    config,
    database: db,
    mailer,
    logger: false,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
    ...(options.ssrEntry ? { ssrEntry: options.ssrEntry } : {}),
    rateLimitNameSpace: options.rateLimitNameSpace ?? `trackside-test-${randomUUID()}:`,
  });
  await app.ready();
  return { app, database: db, config, mail };
}

/**
 * Builds the app once for a test file (a fresh database per file) and closes both after it.
 * Returns a getter because the app exists only once `beforeAll` has run.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): () => TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(env, undefined, options);
  });
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
  });
  return () => {
    if (!ctx) throw new Error('useTestApp: the app is built in beforeAll');
    return ctx;
  };
}
