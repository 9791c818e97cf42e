import { and, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { DELETED_USER_ID } from '../erasure/deleted-user';
import { profiles } from '../profiles/tables';
import { userRoles } from '../roles/tables';
import { auditLog, invitations, mfaFactors, recoveryTokens, refreshTokens, sessions, users } from './tables';

export type UserRow = typeof users.$inferSelect;

/** Not disabled at `now` (GoTrue: banned_until is null or past). */
const notBanned = (now: Date) => or(isNull(users.bannedUntil), lte(users.bannedUntil, now));

export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((r) => r[0]);
}

export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
}

export async function insertUser(
  db: Queryable,
  email: string,
  passwordHash: string | null,
  extra: { userMetadata?: Record<string, unknown>; invitedAt?: Date; bannedUntil?: Date | null; confirmed?: boolean } = {},
): Promise<UserRow> {
  const { confirmed = true, ...rest } = extra;
  const [row] = await db
    .insert(users)
    .values({ email: email.toLowerCase(), passwordHash, emailConfirmedAt: confirmed ? new Date() : null, ...rest })
    .returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** Changes the given columns of a user (and its updated_at). */
export function updateUser(db: Queryable, userId: string, set: Partial<Pick<UserRow, 'invitedAt' | 'bannedUntil' | 'userMetadata' | 'emailConfirmedAt'>>) {
  return db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export function deleteUser(db: Queryable, userId: string) {
  return db.delete(users).where(eq(users.id, userId));
}

/** A user as the admin API shows it: with its admin role and its profile's name and company. */
export interface AdminUserRow extends UserRow {
  isAdmin: boolean;
  fullName: string | null;
  companyName: string | null;
}

const adminColumns = {
  user: users,
  isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
};

const toAdminRow = (r: { user: UserRow; isAdmin: boolean; fullName: string | null; companyName: string | null }): AdminUserRow => ({
  ...r.user,
  isAdmin: Boolean(r.isAdmin),
  fullName: r.fullName,
  companyName: r.companyName,
});

export function findAdminUserById(db: Queryable, id: string): Promise<AdminUserRow | undefined> {
  return db
    .select(adminColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .then((r) => (r[0] ? toAdminRow(r[0]) : undefined));
}

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of accounts, newest first; `filter` matches part of the e-mail, the profile's full name or company. */
export async function listAdminUsers(db: Queryable, options: { page: number; perPage: number; filter?: string | undefined }) {
  const { page, perPage, filter } = options;
  // The shared "Deleted user" that kept forum posts of deleted accounts belong to is nobody's account.
  let where: SQL = ne(users.id, DELETED_USER_ID);
  if (filter) {
    const pattern = containing(filter);
    where = sql`${where} and (${users.email} ilike ${pattern} or ${profiles.fullName} ilike ${pattern} or ${profiles.companyName} ilike ${pattern})`;
  }
  const [rows, [count]] = await Promise.all([
    db
      .select(adminColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  ]);
  return { users: rows.map(toAdminRow), total: count?.n ?? 0 };
}

export function setUserPassword(db: Queryable, userId: string, passwordHash: string) {
  return db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export function touchLastSignIn(db: Queryable, userId: string) {
  return db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

export function countUsers(db: Queryable): Promise<number> {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(ne(users.id, DELETED_USER_ID))
    .then((r) => r[0]?.n ?? 0);
}

/** Where a request came from, as a session records it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Queryable, userId: string, method: string, client?: ClientInfo): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, method, ip: client?.ip ?? null, userAgent: client?.userAgent ?? null })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert into auth_sessions returned nothing');
  return row.id;
}

/**
 * Records that a session was used (a refresh): when, from where and with what browser. At most
 * once a minute per session, so a burst of refreshes writes one row once.
 */
export function touchSession(db: Queryable, sessionId: string, client: ClientInfo) {
  return db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, ip: client.ip, userAgent: client.userAgent })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), sql`${sessions.lastUsedAt} < now() - interval '1 minute'`)));
}

export type LiveSessionRow = Pick<typeof sessions.$inferSelect, 'id' | 'method' | 'userAgent' | 'ip' | 'createdAt'> & { lastUsedAt: Date };

/** A user's sessions not revoked, most recently used first. */
export function listLiveSessions(db: Queryable, userId: string): Promise<LiveSessionRow[]> {
  const lastUsedAt = sql<Date>`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`.mapWith(sessions.createdAt);
  return db
    .select({ id: sessions.id, method: sessions.method, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(lastUsedAt), desc(sessions.createdAt), desc(sessions.id));
}

/** Revokes one live session of this user; false when the id names none (another user's, unknown or already ended). */
export function revokeSessionOf(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
    .then((r) => r.length > 0);
}

/** The live session behind an access token, with its user; undefined once revoked or while the user is disabled. */
export function findLiveSession(db: Queryable, sessionId: string) {
  return db
    .select({
      sessionId: sessions.id,
      method: sessions.method,
      aal: sessions.aal,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), notBanned(new Date())))
    .then((r) => r[0]);
}

export function revokeSession(db: Queryable, sessionId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, except `keepSessionId` when given; how many it ended. */
export function revokeUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id })
    .then((r) => r.length);
}

export function insertRefreshToken(db: Queryable, sessionId: string, tokenHash: string) {
  return db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** The refresh token with its session's state, locked for the rotation that follows. */
export function findRefreshTokenForUpdate(db: Tx, tokenHash: string) {
  return db
    .select({
      id: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      sessionRevokedAt: sessions.revokedAt,
      method: sessions.method,
      aal: sessions.aal,
      amr: sessions.amr,
      user: users,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .then((r) => r[0]);
}

export function markRefreshTokenUsed(db: Queryable, id: string) {
  return db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export function insertRecoveryToken(db: Queryable, userId: string, tokenHash: string, expiresAt: Date) {
  return db.insert(recoveryTokens).values({ userId, tokenHash, expiresAt });
}

/** Spends a recovery token: returns its user id when it was unused and unexpired, in one statement. */
export function consumeRecoveryToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  return db
    .update(recoveryTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryTokens.tokenHash, tokenHash), isNull(recoveryTokens.usedAt), sql`${recoveryTokens.expiresAt} > now()`))
    .returning({ userId: recoveryTokens.userId })
    .then((r) => r[0]?.userId);
}

/** Voids every reset link of a user not used yet (after a password change, an old link must not work). */
export function spendRecoveryTokensOf(db: Queryable, userId: string) {
  return db
    .update(recoveryTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryTokens.userId, userId), isNull(recoveryTokens.usedAt)));
}

export function insertInvitation(db: Queryable, values: { userId: string; tokenHash: string; invitedBy: string | null; expiresAt: Date }) {
  return db.insert(invitations).values(values);
}

/** Voids every invitation link of a user not used yet (a newer invitation replaces them). */
export function voidInvitationsOf(db: Queryable, userId: string) {
  return db
    .update(invitations)
    .set({ usedAt: new Date() })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt)));
}

/**
 * Spends an invitation link: its user id when it was unused and not expired at `now` (the
 * caller's clock, so tests can move it), in one statement.
 */
export function consumeInvitation(db: Queryable, tokenHash: string, now: Date): Promise<string | undefined> {
  return db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .returning({ userId: invitations.userId })
    .then((r) => r[0]?.userId);
}

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export function insertAuditEntry(db: Queryable, entry: NewAuditRow) {
  return db.insert(auditLog).values(entry);
}

/** A page of the audit log, newest first; `filter` matches part of the actor's or the target's e-mail. */
export async function listAuditEntries(db: Queryable, options: { page: number; perPage: number; filter?: string | undefined }) {
  const { page, perPage, filter } = options;
  const where = filter ? or(sql`${auditLog.actorEmail} ilike ${containing(filter)}`, sql`${auditLog.targetEmail} ilike ${containing(filter)}`) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { entries: rows, total: count?.n ?? 0 };
}

/** A change of e-mail waiting for the new address (see email-change.ts): one per user, so setting it voids the older link. */
export function setPendingEmailChange(db: Queryable, userId: string, newEmail: string, tokenHash: string): Promise<UserRow | undefined> {
  const now = new Date();
  return db
    .update(users)
    .set({ newEmail, emailChangeTokenHash: tokenHash, emailChangeSentAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning()
    .then((r) => r[0]);
}

/** Drops the pending change; with `tokenHash`, only while it is still that request's. */
export function clearPendingEmailChange(db: Queryable, userId: string, tokenHash?: string) {
  const pending = { newEmail: null, emailChangeTokenHash: null, emailChangeSentAt: null };
  return db
    .update(users)
    .set(pending)
    .where(tokenHash ? and(eq(users.id, userId), eq(users.emailChangeTokenHash, tokenHash)) : eq(users.id, userId));
}

export function findUserByEmailChangeTokenForUpdate(db: Tx, tokenHash: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.emailChangeTokenHash, tokenHash))
    .for('update')
    .then((r) => r[0]);
}

/** The confirmed change: the account and its profile take the new address (now confirmed), and nothing stays pending. */
export async function applyEmailChange(db: Queryable, userId: string, email: string, now = new Date()): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, emailConfirmedAt: now, newEmail: null, emailChangeTokenHash: null, emailChangeSentAt: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  await db.update(profiles).set({ email, updatedAt: now }).where(eq(profiles.id, userId));
  return row;
}

/** What a session's tokens say about how it was proven: its first method, its level and later methods. */
export function findSessionProof(db: Queryable, sessionId: string) {
  return db
    .select({ method: sessions.method, aal: sessions.aal, amr: sessions.amr })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .then((r) => r[0]);
}
