import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages';
import type { CheckProgress } from '../../../shared/schemas/checks';
import type { CheckConfig, LlmConfig } from '../../config';
import type { Db } from '../../db/client';
import { loadCheckLibrary, type CheckLibrary } from './engine';
import * as repo from './repository';
import { checkWorkerEntry } from './worker/bundle';
import type { CheckJob, CheckWorkerMessage } from './worker/protocol';

/** Runs begun on one check before it is failed: a document that kills its worker or process is not retried for ever. */
export const MAX_ATTEMPTS = 3;

/** How often the queue is looked at besides the nudges of new uploads (others' uploads, abandoned runs). */
const POLL_INTERVAL_MS = 5_000;
/** How often a run shows it is alive; a running check untouched for STALE_AFTER_MS was left by a dead process. */
const HEARTBEAT_MS = 15_000;
const STALE_AFTER_MS = 90_000;
/** An idle worker thread is ended after this, giving its memory back. */
const WORKER_IDLE_MS = 30_000;
/** Far above any check (the 100-page PDF of `bench:checks` needs a few hundred MB at most): a pathological file ends its worker, not the server. */
const WORKER_HEAP_MB = 1024;
/**
 * The worker's young generation. V8's default (three times a 16 MB semi-space) let the heap of a
 * worker reading the 100-page PDF of `bench:checks` grow by some 50 MB of short-lived objects;
 * with this it collects them sooner, in about the same time.
 */
const WORKER_YOUNG_MB = 8;

class RunStopped extends Error {}
class RunTimedOut extends Error {}

/** The library's editions the enabled requirements were verified in ("eCFR, up to date as of 2026-06-17"). */
export function editionOf(library: CheckLibrary): string | null {
  const editions = [...new Set(library.requirements.flatMap((r) => (r.status === 'enabled' && r.verifiedIn ? [r.verifiedIn.edition] : [])))];
  return editions.length > 0 ? editions.sort().join('; ') : null;
}

interface Lane {
  worker: Worker | null;
  /** The worker has read an IFC model (see `execute`). */
  workerReadModel: boolean;
  idleTimer: NodeJS.Timeout | null;
  /** The lane's loop while it drains the queue. */
  busy: Promise<void> | null;
  /** Ends the job in flight (the server closing). */
  interrupt: ((error: Error) => void) | null;
}

export interface CheckRunnerOptions {
  db: Db;
  /** On the embedded database one process holds the data, so at start every running check is abandoned. */
  driver: 'pglite' | 'postgres';
  config: CheckConfig;
  /** With a model configured, it may propose values from prose the reader found none in (kept only when quoted verbatim). */
  llm?: LlmConfig | null;
  log: FastifyBaseLogger;
  /** How often the queue is looked at, and how long an idle worker is kept (tests shorten them). */
  timing?: { pollMs?: number; workerIdleMs?: number };
}

/**
 * Runs queued checks off the request path, oldest first, `config.concurrency` at a time, each in
 * a worker thread (reading a PDF and checking it is CPU work that would stall every request).
 * The checks table is the queue: a check is claimed, its progress written as it goes, and its
 * findings stored with it marked done in one transaction; a file the readers cannot read fails it
 * with the reader's message, anything else with a generic one (the cause is logged). Checks left
 * running by a dead process are queued again at start; stopping hands in-flight checks back.
 */
export class CheckRunner {
  private readonly lanes: Lane[];
  private poll: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: CheckRunnerOptions) {
    this.lanes = Array.from({ length: options.config.concurrency }, () => ({
      worker: null,
      workerReadModel: false,
      idleTimer: null,
      busy: null,
      interrupt: null,
    }));
  }

  /** Queues again what a dead process left running, then works the queue and keeps an eye on it. */
  async start(): Promise<void> {
    const { db, driver, log } = this.options;
    try {
      const requeued = await repo.requeueAbandoned(db, driver === 'pglite' ? undefined : new Date(Date.now() - STALE_AFTER_MS));
      if (requeued.length > 0) log.info({ checks: requeued }, `document checks: ${requeued.length} interrupted check(s) queued again`);
    } catch (error) {
      // The database may not answer yet (migrateWhenReachable starts without it): the poll retries.
      log.warn({ err: error }, 'document checks: could not look for interrupted checks');
    }
    this.poll = setInterval(() => void this.tick(), this.options.timing?.pollMs ?? POLL_INTERVAL_MS);
    this.poll.unref();
    this.wake();
  }

  /** Starts idle lanes on the queue (a check was just queued). */
  wake(): void {
    if (this.stopped) return;
    for (const lane of this.lanes) {
      if (lane.busy) continue;
      lane.busy = this.drain(lane).finally(() => {
        lane.busy = null;
      });
    }
  }

  /** Stops taking checks, hands the ones in flight back to the queue and ends the worker threads. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    for (const lane of this.lanes) lane.interrupt?.(new RunStopped());
    await Promise.all(this.lanes.map((lane) => lane.busy));
    await Promise.all(this.lanes.map((lane) => this.endWorker(lane)));
  }

  private async tick(): Promise<void> {
    try {
      const requeued = await repo.requeueAbandoned(this.options.db, new Date(Date.now() - STALE_AFTER_MS));
      if (requeued.length > 0) this.options.log.warn({ checks: requeued }, 'document checks: abandoned runs queued again');
    } catch (error) {
      this.options.log.warn({ err: error }, 'document checks: could not look at the queue');
      return;
    }
    this.wake();
  }

  private async drain(lane: Lane): Promise<void> {
    try {
      while (!this.stopped) {
        const token = randomUUID();
        const check = await repo.claimNextCheck(this.options.db, token);
        if (!check) break;
        // Only a check makes the worker busy again: a look at an empty queue (every poll) leaves
        // the idle time running, or an idle worker would never be ended.
        if (lane.idleTimer) clearTimeout(lane.idleTimer);
        lane.idleTimer = null;
        await this.runOne(lane, check, token);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'document checks: could not claim a check');
    }
    if (lane.worker && !lane.idleTimer && !this.stopped) {
      lane.idleTimer = setTimeout(() => void this.endWorker(lane), this.options.timing?.workerIdleMs ?? WORKER_IDLE_MS);
      lane.idleTimer.unref();
    }
  }

  private async runOne(lane: Lane, check: repo.CheckRow, token: string): Promise<void> {
    const { db, config, log } = this.options;
    const started = performance.now();
    const heartbeat = setInterval(() => void repo.touchCheck(db, check.id, token).catch(() => {}), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (check.attempts > MAX_ATTEMPTS) {
        log.warn({ check: check.id, attempts: check.attempts }, 'document check: failed after repeated interrupted runs');
        await repo.failCheck(db, check.id, token, messages.checks.failedRepeatedly);
        return;
      }
      const data = await repo.findFile(db, check.id);
      if (!data) throw new Error(`check ${check.id} has no stored file`);
      const library = await loadCheckLibrary(db);
      // A copy of its own, whatever buffer the driver's bytes share, so it can be moved to the worker.
      const job: CheckJob = { data: new Uint8Array(data), fileName: check.documentName, maxPdfPages: config.maxPages, library, llm: this.options.llm ?? null };
      const outcome = await this.execute(lane, job, check.documentType === 'ifc', (progress, pages) =>
        repo.recordProgress(db, check.id, token, progress, pages),
      );
      if (outcome.type === 'done') {
        const stored = await repo.completeCheck(db, check.id, token, {
          contentJson: outcome.contentJson,
          pages: outcome.pages,
          edition: editionOf(library),
          findingsJson: outcome.findingsJson,
        });
        if (outcome.modelError)
          log.warn({ check: check.id, err: outcome.modelError }, 'document check: the model could not propose values; checked without them');
        log.info({ check: check.id, findings: outcome.findingsJson.length, ms: Math.round(performance.now() - started), stored }, 'document check done');
      } else if (outcome.type === 'unreadable') {
        log.info({ check: check.id, reason: outcome.reason, detail: outcome.detail }, 'document check: the document cannot be read');
        await repo.failCheck(db, check.id, token, outcome.message);
      } else {
        log.error({ check: check.id, err: { message: outcome.message, stack: outcome.stack } }, 'document check failed');
        await repo.failCheck(db, check.id, token, messages.checks.failedUnexpectedly);
      }
    } catch (error) {
      await this.settleInterrupted(check.id, token, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A run that ended without an outcome: handed back when stopped, failed otherwise. */
  private async settleInterrupted(id: string, token: string, error: unknown): Promise<void> {
    const { db, log } = this.options;
    try {
      if (error instanceof RunStopped) {
        await repo.releaseCheck(db, id, token);
      } else if (error instanceof RunTimedOut) {
        log.warn({ check: id, timeoutMs: this.options.config.timeoutMs }, 'document check timed out');
        await repo.failCheck(db, id, token, messages.checks.timedOut);
      } else {
        log.error({ check: id, err: error }, 'document check failed');
        await repo.failCheck(db, id, token, messages.checks.failedUnexpectedly);
      }
    } catch (writeError) {
      // The database is gone too: the check stays running and is queued again at the next start.
      log.error({ check: id, err: writeError }, 'document check: could not record how the run ended');
    }
  }

  /**
   * Sends the job to the lane's worker and waits for its outcome, passing progress on (in order).
   * A worker that has read an IFC model holds web-ifc (its schema tables and WebAssembly memory,
   * some 110 MB resident) for the rest of its life: it serves the IFC checks that follow, and is
   * ended before a check of any other file, which then never runs beside that memory.
   */
  private async execute(
    lane: Lane,
    job: CheckJob,
    readsModel: boolean,
    onProgress: (progress: CheckProgress, pages?: number) => Promise<boolean>,
  ): Promise<Exclude<CheckWorkerMessage, { type: 'progress' }>> {
    if (this.stopped) throw new RunStopped();
    const entry = await checkWorkerEntry();
    if (lane.workerReadModel && !readsModel) await this.endWorker(lane);
    if (this.stopped) throw new RunStopped();
    const worker = this.workerOf(lane, entry);
    lane.workerReadModel ||= readsModel;
    return new Promise((resolve, reject) => {
      let progress = Promise.resolve();
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        lane.interrupt = null;
        // Progress writes land before the outcome's, so a late one never overwrites "done".
        void progress.then(settle, settle);
      };
      const abort = (error: Error) => {
        finish(() => reject(error));
        void this.endWorker(lane);
      };
      const onMessage = (message: CheckWorkerMessage) => {
        if (message.type === 'progress') {
          progress = progress.then(() => onProgress({ stage: message.stage, percent: message.percent }, message.pages).then(() => {}));
          return;
        }
        finish(() => resolve(message));
        if (message.type === 'done' && (message.pages ?? 0) > 50) void this.endWorker(lane);
      };
      const onError = (error: Error) => abort(error);
      const onExit = (code: number) => abort(new Error(`the check worker exited with code ${code}`));
      const timer = setTimeout(() => abort(new RunTimedOut()), this.options.config.timeoutMs);
      lane.interrupt = abort;
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job, [job.data.buffer as ArrayBuffer]);
    });
  }

  private workerOf(lane: Lane, entry: URL): Worker {
    if (!lane.worker) {
      const worker = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
      // An idle worker never keeps the process alive; stop() and the idle timer end it.
      worker.unref();
      worker.on('exit', () => {
        if (lane.worker === worker) lane.worker = null;
      });
      // A job listens for errors only while it runs; one raised between jobs (a late rejection of a
      // parser) would otherwise be an unhandled 'error' event and end the server. The worker is gone
      // after it, and the next job starts a new one.
      worker.on('error', (error) => this.options.log.warn({ err: error }, 'document check worker failed between checks'));
      lane.worker = worker;
      lane.workerReadModel = false;
    }
    return lane.worker;
  }

  private async endWorker(lane: Lane): Promise<void> {
    if (lane.idleTimer) clearTimeout(lane.idleTimer);
    lane.idleTimer = null;
    const worker = lane.worker;
    lane.worker = null;
    lane.workerReadModel = false;
    await worker?.terminate();
  }
}
