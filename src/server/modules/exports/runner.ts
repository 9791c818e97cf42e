import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages';
import { DATA_EXPORT_DAYS } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import type { StorageDriver } from '../uploads/storage';
import * as repo from './repository';
import { accountZip } from './zip';

export const EXPORT_BUCKET = 'exports';
const POLL_INTERVAL_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Far longer than preparing any account's zip takes. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Prepares "Download my data" exports off the request path, one at a time: the data_exports
 * table is the queue (as checks are), a request nudges the runner, a poll picks up what another
 * instance queued, and exports a dead process left running are requested again (at start on the
 * embedded database; on PostgreSQL once running for an hour).
 * Expired exports lose their file and their row on each poll.
 */
export class ExportRunner {
  private poll: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: { db: Db; storage: StorageDriver; log: FastifyBaseLogger; driver: 'pglite' | 'postgres' }) {}

  async start(): Promise<void> {
    this.stopped = false;
    // Only the embedded database is ours alone: everything running there was left by a dead process.
    if (this.options.driver === 'pglite') await repo.requeueRunning(this.options.db, new Date());
    this.poll = setInterval(() => this.nudge(), POLL_INTERVAL_MS);
    this.poll.unref();
    this.nudge();
  }

  /** Looks at the queue now (after a request). */
  nudge(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = this.drain().finally(() => {
      this.busy = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Resolves once nothing is being prepared (tests wait on it). */
  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.busy;
  }

  private async drain(): Promise<void> {
    const { db, storage, log } = this.options;
    try {
      // On PostgreSQL another instance may be preparing one right now: only one running for long was abandoned.
      if (this.options.driver === 'postgres') await repo.requeueRunning(db, new Date(Date.now() - ABANDONED_AFTER_MS));
      for (const old of await repo.expiredExports(db)) {
        if (old.storage_key) await storage.delete(EXPORT_BUCKET, old.storage_key);
        await repo.deleteExport(db, old.id);
      }
      for (let job = await repo.claimNextExport(db); job && !this.stopped; job = await repo.claimNextExport(db)) {
        const key = `${job.user_id}/${job.id}.zip`;
        try {
          const { size } = await storage.put(EXPORT_BUCKET, key, accountZip(db, job.user_id), 'application/zip');
          const kept = await repo.markReady(db, job.id, key, size, new Date(Date.now() + DATA_EXPORT_DAYS * DAY_MS));
          if (!kept) await storage.delete(EXPORT_BUCKET, key);
        } catch (error) {
          log.error({ err: error, exportId: job.id }, 'data export failed');
          await storage.delete(EXPORT_BUCKET, key).catch(() => false);
          await repo.markFailed(db, job.id, messages.account.exportFailed);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'data export queue could not be read');
    }
  }
}
