import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { SessionInfo } from '../../../shared/schemas/sessions';
import { describeUserAgent } from './user-agent';
import { recordAudit } from './audit';
import * as repo from './repository';
import type { Principal } from './service';

/** Longer User-Agent headers are cut: the label needs the start, and a client chooses the length. */
const USER_AGENT_MAX = 512;

/** Where a request came from, as its session records it: `request.ip` (so TRUST_PROXY decides) and the User-Agent. */
export function clientOf(request: FastifyRequest): repo.ClientInfo {
  const userAgent = request.headers['user-agent']?.trim().slice(0, USER_AGENT_MAX);
  return { ip: request.ip || null, userAgent: userAgent || null };
}

/** The caller's live sessions, its own first, then the most recently used. */
export async function listMySessions(db: Db, principal: Principal): Promise<SessionInfo[]> {
  const rows = await repo.listLiveSessions(db, principal.userId);
  const sessions = rows.map((row): SessionInfo => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    user_agent: row.userAgent,
    ip: row.ip,
    method: row.method,
    created_at: row.createdAt.toISOString(),
    last_used_at: new Date(row.lastUsedAt).toISOString(),
    current: row.id === principal.sessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * Signs out one of the caller's sessions (possibly its own). Any id that is not a live session of
 * the caller, another user's included, is 404 and changes nothing.
 */
export async function revokeMySession(db: Db, principal: Principal, sessionId: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.revokeSessionOf(tx, principal.userId, sessionId))) throw notFound(messages.sessions.notFound);
    await recordAudit(
      tx,
      { id: principal.userId, email: principal.email, ip },
      'session_revoked',
      { userId: principal.userId, email: principal.email },
      { session_id: sessionId, current: sessionId === principal.sessionId },
    );
  });
}

/** Signs out every session of the caller but the one asking; how many it ended. */
export async function revokeMyOtherSessions(db: Db, principal: Principal, ip: string): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await repo.revokeUserSessions(tx, principal.userId, principal.sessionId);
    await recordAudit(
      tx,
      { id: principal.userId, email: principal.email, ip },
      'other_sessions_revoked',
      { userId: principal.userId, email: principal.email },
      { sessions_ended: revoked },
    );
    return revoked;
  });
}
