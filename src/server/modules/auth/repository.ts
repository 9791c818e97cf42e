import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { recoveryTokens, refreshTokens, sessions, users } from './tables';

export type UserRow = typeof users.$inferSelect;

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

export async function insertUser(db: Queryable, email: string, passwordHash: string): Promise<UserRow> {
  const [row] = await db.insert(users).values({ email: email.toLowerCase(), passwordHash, emailConfirmedAt: new Date() }).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
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
    .then((r) => r[0]?.n ?? 0);
}

export async function insertSession(db: Queryable, userId: string, method: string): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, method }).returning({ id: sessions.id });
  if (!row) throw new Error('insert into auth_sessions returned nothing');
  return row.id;
}

/** The live session behind an access token, with its user; undefined once revoked. */
export function findLiveSession(db: Queryable, sessionId: string) {
  return db
    .select({ sessionId: sessions.id, method: sessions.method, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .then((r) => r[0]);
}

export function revokeSession(db: Queryable, sessionId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, except `keepSessionId` when given. */
export function revokeUserSessions(db: Queryable, userId: string, keepSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
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
