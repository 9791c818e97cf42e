import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { DataExport } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../auth/audit';
import type { StorageDriver } from '../uploads/storage';
import * as repo from './repository';
import { EXPORT_BUCKET, type ExportRunner } from './runner';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toView(row: repo.ExportRow): DataExport {
  const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
  return {
    id: row.id,
    status: expired ? 'failed' : row.status,
    bytes: row.bytes === null ? null : Number(row.bytes),
    error: expired ? messages.account.exportNotReady : row.error,
    created_at: iso(row.created_at) ?? '',
    expires_at: iso(row.expires_at),
  };
}

const notFound = () => new AppError(ErrorCode.notFound, messages.account.exportNotFound, 404);

/**
 * Asks for an export of `userId`'s data (by the user, or an admin for them): recorded in the
 * audit log, prepared by the runner (202: the caller polls). While one is pending, that one is
 * answered instead of queuing another.
 */
export async function requestExport(
  db: Db,
  runner: ExportRunner,
  actor: AuditActor & { id: string },
  target: { userId: string; email: string },
): Promise<DataExport> {
  // One at a time: asking again while one is being prepared answers that one.
  const pending = (await repo.listExportsOf(db, target.userId)).find((e) => e.status === 'requested' || e.status === 'running');
  if (pending) return toView(pending);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertExport(tx, target.userId, actor.id);
    await recordAudit(tx, actor, 'data_export_requested', target, { export_id: inserted?.id, by: actor.id === target.userId ? 'self' : 'admin' });
    return inserted;
  });
  if (!row) throw new Error('data export was not recorded');
  runner.nudge();
  return toView(row);
}

export async function listExports(db: Db, userId: string): Promise<DataExport[]> {
  return (await repo.listExportsOf(db, userId)).map(toView);
}

/**
 * The zip of a ready export, for its owner or an admin (anyone else: 404, as if there were none).
 * Each download is recorded in the audit log.
 */
export async function openExport(db: Db, storage: StorageDriver, caller: AuditActor & { id: string }, isAdmin: boolean, id: string) {
  const row = await repo.findExport(db, id);
  if (!row || (row.user_id !== caller.id && !isAdmin)) throw notFound();
  const view = toView(row);
  if (view.status !== 'ready' || !row.storage_key) throw new AppError(ErrorCode.conflict, messages.account.exportNotReady, 409);
  const object = await storage.get(EXPORT_BUCKET, row.storage_key);
  if (!object) throw new AppError(ErrorCode.conflict, messages.account.exportNotReady, 409);
  await recordAudit(db, caller, 'data_export_downloaded', { userId: row.user_id }, { export_id: row.id, by: row.user_id === caller.id ? 'self' : 'admin' });
  return { object, createdAt: new Date(row.created_at) };
}

/** Removes the zips of an erased account (their rows went with it). */
export async function removeExportFiles(storage: StorageDriver, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(EXPORT_BUCKET, key).catch(() => false)));
}
