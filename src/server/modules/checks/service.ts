import { AppError, ErrorCode, notFound } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  CHECK_FILE_TYPES,
  type Check,
  type CheckAuditEntry,
  type CheckFileType,
  type CheckFinding,
  type CheckListItem,
  type Finding,
  type OverrideFindingBody,
} from '../../../shared/schemas/checks';
import type { DocumentContent } from '../../../shared/schemas/document-content';
import type { Db } from '../../db/client';
import { isAdmin } from '../roles/service';
import { detectDocumentType, DocumentReadError, readDocument } from './readers';
import { buildCheckReport } from './report';
import * as repo from './repository';

/** Who asks: a check is shown to its owner and to admins only; to anyone else it does not exist. */
export interface Caller {
  userId: string;
}

/** The most checks a list shows. */
const LIST_LIMIT = 200;

const isCheckFileType = (type: string): type is CheckFileType => (CHECK_FILE_TYPES as readonly string[]).includes(type);

/**
 * The type a check will read the file as, or a 415 with the reader's own words for a file the
 * readers refuse by its content (DWG, DOC/XLS, binary, a zip that is no Office document), so that
 * nothing is stored for it. A file that only turns out damaged, scanned or too long when it is
 * read is accepted here and fails its check with the reader's message.
 */
export async function documentTypeFor(data: Uint8Array, fileName: string): Promise<CheckFileType> {
  if (data.length === 0) throw new AppError(ErrorCode.validationFailed, messages.documentReading.empty, 400);
  const detected = detectDocumentType(data, fileName);
  if (isCheckFileType(detected)) return detected;
  // Only these types reach here, and for them the reader decides without parsing anything.
  try {
    await readDocument(data, fileName);
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    const named = /\.(pdf|docx|xlsx)$/i.exec(fileName)?.[1]?.toLowerCase();
    // Damaged rather than foreign: named as a type the readers take but unreadable as one.
    if (error.reason === 'corrupt' && named && isCheckFileType(named)) return named;
    throw new AppError(ErrorCode.unreadableDocument, error.message, 415, { reason: error.reason });
  }
  throw new AppError(ErrorCode.unreadableDocument, messages.documentReading.unsupportedType, 415, { reason: 'unsupported_type' });
}

/** Stores the upload and queues its check; the runner reads and checks it. */
export async function createCheck(
  db: Db,
  caller: Caller,
  upload: { fileName: string; data: Uint8Array; standard: string },
): Promise<{ id: string; status: 'queued' }> {
  const documentType = await documentTypeFor(upload.data, upload.fileName);
  const row = await repo.insertCheck(db, {
    userId: caller.userId,
    standard: upload.standard,
    documentName: upload.fileName,
    documentType,
    data: upload.data,
  });
  return { id: row.id, status: 'queued' };
}

/** The check, when the caller may see it (owner or admin); 404 otherwise, as for an unknown id. */
async function visibleCheck(db: Db, caller: Caller, id: string): Promise<repo.CheckWithOwner> {
  const row = await repo.findCheck(db, id);
  if (!row || (row.userId !== caller.userId && !(await isAdmin(db, caller.userId)))) throw notFound(messages.checks.notFound);
  return row;
}

function toListItem(row: repo.CheckWithOwner): CheckListItem {
  return {
    id: row.id,
    status: row.status,
    standard: row.standard,
    document: { name: row.documentName, type: row.documentType, bytes: row.documentBytes, ...(row.documentPages === null ? {} : { pages: row.documentPages }) },
    progress: { stage: row.stage, percent: row.percent },
    summary: row.summary,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    owner: row.ownerName,
  };
}

function toFinding(row: repo.FindingRow): CheckFinding {
  const finding = row.finding as Finding;
  return {
    ...finding,
    id: row.findingId,
    verdict: row.verdict,
    extractedBy: row.extractedBy,
    ...(row.reviewVerdict && row.reviewedAt
      ? { reviewer: { verdict: row.reviewVerdict, note: row.reviewNote ?? '', by: row.reviewedByName ?? '', at: row.reviewedAt.toISOString() } }
      : {}),
  };
}

function toAuditEntry(row: repo.AuditRow): CheckAuditEntry {
  return { findingId: row.findingId, from: row.fromVerdict, to: row.toVerdict, note: row.note, by: row.byName, at: row.at.toISOString() };
}

/**
 * One check with its findings (each with its latest review) and the whole audit trail. Only a done
 * check has either (they are stored with "done", and only a done check is reviewed), so a check
 * being polled while it runs costs no look for them.
 */
export async function getCheck(db: Db, caller: Caller, id: string): Promise<Check> {
  const row = await visibleCheck(db, caller, id);
  const [findings, audit] = row.status === 'done' ? await Promise.all([repo.listFindings(db, id), repo.listAudit(db, id)]) : [[], []];
  return { ...toListItem(row), findings: findings.map(toFinding), audit: audit.map(toAuditEntry), edition: row.edition };
}

/** The DOCX report of a done check (409 before): its file name, from the document's, and its bytes. */
export async function getCheckReport(db: Db, caller: Caller, id: string): Promise<{ fileName: string; data: Uint8Array }> {
  const check = await getCheck(db, caller, id);
  if (check.status !== 'done') throw new AppError(ErrorCode.checkNotDone, messages.checks.notDone, 409);
  const stem = check.document.name.replace(/\.[^.]*$/, '') || 'document';
  return { fileName: `${stem} - check report.docx`, data: await buildCheckReport(check) };
}

/** The caller's checks, newest first; everyone's for an admin who asks for `all` (403 for anyone else). */
export async function listChecks(db: Db, caller: Caller, scope: 'mine' | 'all'): Promise<{ checks: CheckListItem[] }> {
  if (scope === 'all' && !(await isAdmin(db, caller.userId))) throw new AppError(ErrorCode.forbidden, messages.admin.adminRequired, 403);
  const rows = await repo.listChecks(db, scope === 'all' ? null : caller.userId, LIST_LIMIT);
  return { checks: rows.map(toListItem) };
}

/** The document as it was read, once the check is done (409 before). */
export async function getCheckContent(db: Db, caller: Caller, id: string): Promise<DocumentContent> {
  const row = await visibleCheck(db, caller, id);
  if (row.status !== 'done') throw new AppError(ErrorCode.checkNotDone, messages.checks.notDone, 409);
  const content = await repo.findContent(db, id);
  if (content === undefined) throw new Error(`check ${id} is done but has no stored content`);
  return content as DocumentContent;
}

/** A reviewer's override of one finding's verdict with the reason; kept in the audit trail. Only on a done check. */
export async function overrideFinding(db: Db, caller: Caller, id: string, findingId: string, body: OverrideFindingBody): Promise<CheckFinding> {
  const row = await visibleCheck(db, caller, id);
  if (row.status !== 'done') throw new AppError(ErrorCode.checkNotDone, messages.checks.notDoneForReview, 409);
  const byName = await repo.findDisplayName(db, caller.userId);
  const updated = await repo.overrideFinding(db, id, findingId, { verdict: body.verdict, note: body.note, byUserId: caller.userId, byName });
  if (!updated) throw notFound(messages.checks.findingNotFound);
  return toFinding(updated);
}
