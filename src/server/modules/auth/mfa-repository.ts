import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authSettings, mfaChallenges, mfaFactors, mfaRecoveryCodes, sessions } from './tables';

export type FactorRow = typeof mfaFactors.$inferSelect;

export function listFactorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
}

export function findFactorOf(db: Queryable, userId: string, factorId: string): Promise<FactorRow | undefined> {
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .then((r) => r[0]);
}

export function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  return db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertFactor(db: Queryable, userId: string, friendlyName: string, secret: string): Promise<FactorRow> {
  const [row] = await db.insert(mfaFactors).values({ userId, friendlyName, secret }).returning();
  if (!row) throw new Error('insert into auth_mfa_factors returned nothing');
  return row;
}

/** Unverified factors of a user: an enrolment begun again replaces them (each one is a secret shown but never confirmed). */
export function deleteUnverifiedFactorsOf(db: Queryable, userId: string) {
  return db.delete(mfaFactors).where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified')));
}

export function deleteFactor(db: Queryable, factorId: string) {
  return db.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
}

/**
 * Records the time step of an accepted code, in one statement so that two requests cannot both
 * spend it: false when a code of that step (or a later one) was accepted already.
 */
export function spendTotpStep(db: Queryable, factorId: string, step: number): Promise<boolean> {
  return db
    .update(mfaFactors)
    .set({ lastUsedStep: step, status: 'verified', updatedAt: new Date() })
    .where(and(eq(mfaFactors.id, factorId), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning({ id: mfaFactors.id })
    .then((r) => r.length > 0);
}

export async function insertChallenge(db: Queryable, factorId: string, ip: string | null) {
  const [row] = await db.insert(mfaChallenges).values({ factorId, ipAddress: ip }).returning();
  if (!row) throw new Error('insert into auth_mfa_challenges returned nothing');
  await db.update(mfaFactors).set({ lastChallengedAt: row.createdAt }).where(eq(mfaFactors.id, factorId));
  return row;
}

/** Spends a challenge of this factor created after `notBefore`: false when unknown, used or expired. */
export function spendChallenge(db: Queryable, factorId: string, challengeId: string, notBefore: Date): Promise<boolean> {
  return db
    .update(mfaChallenges)
    .set({ verifiedAt: new Date() })
    .where(
      and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId), isNull(mfaChallenges.verifiedAt), gt(mfaChallenges.createdAt, notBefore)),
    )
    .returning({ id: mfaChallenges.id })
    .then((r) => r.length > 0);
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export function deleteRecoveryCodesOf(db: Queryable, userId: string) {
  return db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** Spends an unused recovery code of the user, in one statement: false when none matches. */
export function spendRecoveryCode(db: Queryable, userId: string, codeHash: string): Promise<boolean> {
  return db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id })
    .then((r) => r.length > 0);
}

export function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
    .then((r) => r[0]?.n ?? 0);
}

/** Raises a session to aal2 and records the method that did it (kept for its refreshes). */
export function elevateSession(db: Queryable, sessionId: string, method: string, timestamp: number) {
  return db
    .update(sessions)
    .set({ aal: 'aal2', amr: sql`jsonb_build_array(jsonb_build_object('method', ${method}::text, 'timestamp', ${timestamp}::bigint)) || ${sessions.amr}` })
    .where(eq(sessions.id, sessionId));
}

export function readRequireMfaForAdmins(db: Queryable): Promise<boolean> {
  return db
    .select({ on: authSettings.requireMfaForAdmins })
    .from(authSettings)
    .where(eq(authSettings.id, 'global'))
    .then((r) => r[0]?.on ?? false);
}

export function writeRequireMfaForAdmins(db: Queryable, on: boolean) {
  return db
    .insert(authSettings)
    .values({ id: 'global', requireMfaForAdmins: on })
    .onConflictDoUpdate({ target: authSettings.id, set: { requireMfaForAdmins: on, updatedAt: new Date() } });
}
