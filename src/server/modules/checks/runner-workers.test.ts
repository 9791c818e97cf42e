import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckFileType } from '../../../shared/schemas/checks';
import { useTestApp } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { TEST_PASSWORD, uniqueEmail } from '../../test/factories';
import { PNR_MODEL } from './readers/ifc-test-fixtures';
import * as repo from './repository';
import { CheckRunner } from './runner';

/*
 * The runner's worker threads: when one is ended, which gives its memory back. The app's own
 * runner is stopped; each test drives a runner of its own on the app's database.
 */

const ctx = useTestApp();
let userId: string;
let runner: CheckRunner | undefined;

beforeAll(async () => {
  await ctx().app.services.checks.stop();
  await loadBundledCorpus(ctx().database.db, ['213']);
  userId = (await ctx().app.services.auth.createUser(uniqueEmail('runner'), TEST_PASSWORD)).id;
}, 60_000);

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  vi.restoreAllMocks();
});

function startRunner(timing?: { pollMs?: number; workerIdleMs?: number }): CheckRunner {
  const { database, config, app } = ctx();
  runner = new CheckRunner({ db: database.db, driver: database.driver, config: { ...config.checks, concurrency: 1 }, log: app.log, timing });
  return runner;
}

const CSV = 'Segment,Track class,Design speed freight (mph)\nS1,3,70\nS2,2,20\n';

/** Queues a check of `text` as a file of `type`, wakes the runner and waits until it is done. */
async function check(target: CheckRunner, name: string, type: CheckFileType, text: string): Promise<void> {
  const row = await repo.insertCheck(ctx().database.db, { userId, standard: '49 CFR', documentName: name, documentType: type, data: Buffer.from(text) });
  target.wake();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await repo.findCheck(ctx().database.db, row.id);
    if (found?.status === 'done') return;
    if (found?.status === 'failed') throw new Error(`${name}: ${found.error}`);
    if (Date.now() > deadline) throw new Error(`${name} still ${found?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the check runner’s worker threads', () => {
  it('ends a worker left idle, though the queue is looked at again and again meanwhile', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const target = startRunner({ pollMs: 20, workerIdleMs: 400 });
    await target.start();
    await check(target, 'segments.csv', 'csv', CSV);
    expect(terminate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(terminate).toHaveBeenCalledTimes(1), { timeout: 3_000, interval: 50 });
  });

  it('keeps a worker that read an IFC model for the IFC checks that follow, and ends it before a check of another file', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const target = startRunner();
    await target.start();
    await check(target, 'bayview.ifc', 'ifc', PNR_MODEL);
    await check(target, 'bayview-again.ifc', 'ifc', PNR_MODEL);
    expect(terminate).not.toHaveBeenCalled();
    await check(target, 'segments.csv', 'csv', CSV);
    expect(terminate).toHaveBeenCalledTimes(1);
    await check(target, 'segments-again.csv', 'csv', CSV);
    expect(terminate).toHaveBeenCalledTimes(1);
  });
});
