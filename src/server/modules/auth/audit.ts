import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { AuditAction, AuditEntry, AuditListQuery } from '../../../shared/schemas/user-admin';
import * as repo from './repository';

/**
 * Who did something: a signed-in account (with the address the request came from), or the
 * command line (no account: `CLI_ACTOR`).
 */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip?: string | null | undefined;
}

/** The signed-in caller of a route, with the address the request came from. */
export async function auditActorOf(request: FastifyRequest): Promise<AuditActor> {
  const principal = await request.requireUser();
  return { id: principal.userId, email: principal.email, ip: request.ip };
}

/** An operator at the server's command line. */
export const CLI_ACTOR: AuditActor = { id: null, email: null };

/** To whom: an account (by id and e-mail) or an e-mail alone (the whitelist). */
export interface AuditTarget {
  userId?: string | null;
  email?: string | null;
}

/**
 * Writes one audit entry. Call it inside the transaction of the change it records, so that the
 * log holds exactly what happened. `details` must never hold a password, a token or a link.
 */
export async function recordAudit(
  db: Queryable,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget = {},
  details: Record<string, unknown> = {},
): Promise<void> {
  await repo.insertAuditEntry(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetUserId: target.userId ?? null,
    targetEmail: target.email ?? null,
    details: actor.id === null && actor.email === null ? { via: 'cli', ...details } : details,
    ipAddress: actor.ip ?? null,
  });
}

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    target_user_id: row.targetUserId,
    target_email: row.targetEmail,
    details: row.details,
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of the audit log, newest first. */
export async function listAudit(db: Queryable, query: AuditListQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const { entries, total } = await repo.listAuditEntries(db, { page: query.page, perPage: query.per_page, filter: query.filter });
  return { entries: entries.map(toEntry), total };
}
