import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { createTestApp, type TestContext } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../test/factories';
import { MAX_ATTEMPTS } from './runner';
import { checkFiles, checks } from './tables';
import { CHECK_PARTS, queueCheck, settledCheck } from './test-support';

/*
 * The runner across restarts: apps built one after the other on one database, as a server
 * process that stops (or dies) and starts again.
 */

let database: TestDatabase;
let email: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadBundledCorpus(database.db, CHECK_PARTS);
  const first = await createTestApp({}, database);
  email = uniqueEmail('checker');
  await first.app.services.auth.createUser(email, TEST_PASSWORD);
  await first.app.close();
});

afterAll(async () => {
  await database.close();
});

/** An app on the shared database, and the checker signed in to it. */
async function startServer(): Promise<{ server: TestContext; user: TestUser }> {
  const server = await createTestApp({}, database);
  const session = await signIn(server.app, email, TEST_PASSWORD);
  return { server, user: { id: session.user.id, email, password: TEST_PASSWORD, session, headers: { authorization: `Bearer ${session.access_token}` } } };
}

const CSV = { filename: 'segments.csv', data: Buffer.from('Segment,Track class,Design speed freight (mph)\nS1,3,70\nS2,2,20\n') };

async function row(id: string) {
  const [found] = await database.db.select().from(checks).where(eq(checks.id, id));
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

/** Queues a check and closes the server before it can finish (worker threads take longer than that to start). */
async function queueAndStop(): Promise<string> {
  const { server, user } = await startServer();
  const id = await queueCheck(server.app, user, CSV);
  await server.app.close();
  return id;
}

describe('the check runner across restarts', () => {
  it('hands a check back to the queue when the server closes, and the next server completes it', async () => {
    const id = await queueAndStop();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, claimToken: null });
    const { server, user } = await startServer();
    try {
      const check = await settledCheck(server.app, user, id);
      expect(check).toMatchObject({ status: 'done', error: null });
      expect(check.findings.length).toBeGreaterThan(0);
    } finally {
      await server.app.close();
    }
  });

  it('hands back a check that is running when the server closes', async () => {
    const { server, user } = await startServer();
    const id = await queueCheck(server.app, user, CSV);
    const deadline = Date.now() + 10_000;
    while ((await row(id)).status !== 'running') {
      if (Date.now() > deadline) throw new Error('the check never started');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await server.app.close();
    expect(await row(id)).toMatchObject({ status: 'queued', stage: 'queued', attempts: 0, claimToken: null });
    const next = await startServer();
    try {
      expect(await settledCheck(next.server.app, next.user, id)).toMatchObject({ status: 'done' });
    } finally {
      await next.server.app.close();
    }
  });

  it('queues again a check left running by a process that died, and completes it', async () => {
    const id = await queueAndStop();
    // What a process killed ten minutes ago leaves: running, claimed, one attempt counted. (On
    // PostgreSQL, where other instances may be running checks, only a stale claim is taken over.)
    await database.db
      .update(checks)
      .set({ status: 'running', stage: 'checking', percent: 50, attempts: 1, claimToken: randomUUID(), heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(checks.id, id));
    const { server, user } = await startServer();
    try {
      expect(await settledCheck(server.app, user, id)).toMatchObject({ status: 'done', error: null });
      expect((await row(id)).attempts).toBe(2);
    } finally {
      await server.app.close();
    }
  });

  it(`fails a check whose runs died ${MAX_ATTEMPTS} times instead of trying it for ever`, async () => {
    const id = await queueAndStop();
    await database.db.update(checks).set({ status: 'running', attempts: MAX_ATTEMPTS, claimToken: randomUUID() }).where(eq(checks.id, id));
    const { server, user } = await startServer();
    try {
      expect(await settledCheck(server.app, user, id)).toMatchObject({ status: 'failed', error: messages.checks.failedRepeatedly });
    } finally {
      await server.app.close();
    }
  });

  it('fails a check with the generic reason when its run breaks for another cause than the document', async () => {
    const id = await queueAndStop();
    await database.db.delete(checkFiles).where(eq(checkFiles.checkId, id));
    const { server, user } = await startServer();
    try {
      const check = await settledCheck(server.app, user, id);
      expect(check).toMatchObject({ status: 'failed', error: messages.checks.failedUnexpectedly, progress: { stage: 'failed' } });
    } finally {
      await server.app.close();
    }
  });
});
