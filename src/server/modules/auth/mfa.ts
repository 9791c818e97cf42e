import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db, Queryable } from '../../db/client';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { EnrollResponse, Factor } from '../../../shared/schemas/mfa';
import { recoveryCodeSchema, totpCodeSchema } from '../../../shared/schemas/mfa';
import { recordAudit, type AuditActor } from './audit';
import * as mfaRepo from './mfa-repository';
import { hashOpaqueToken } from './opaque-tokens';
import * as repo from './repository';
import type { Principal } from './service';

/**
 * Multi-factor authentication (issue 19): TOTP factors (RFC 6238 by `otpauth`) as GoTrue's MFA
 * API has them, and Trackside's single-use recovery codes. A code is accepted one step (30 s)
 * either side of now, and never twice: each factor remembers the step of its last accepted code.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** GoTrue's default MFA_CHALLENGE_EXPIRY_DURATION. */
export const CHALLENGE_SECONDS = 300;
export const RECOVERY_CODE_COUNT = 10;
const DEFAULT_ISSUER = 'Trackside';

const factorNotFound = () => new AppError(ErrorCode.mfaFactorNotFound, messages.mfa.factorNotFound, 404);
const verificationFailed = () => new AppError(ErrorCode.mfaVerificationFailed, messages.mfa.verificationFailed, 422);
export const insufficientAal = () => new AppError(ErrorCode.insufficientAal, messages.mfa.aal2Required, 403);

const actorOf = (principal: Principal, ip?: string | null): AuditActor => ({ id: principal.userId, email: principal.email, ip: ip ?? null });
const selfTarget = (principal: Principal) => ({ userId: principal.userId, email: principal.email });

/** A factor as the user object's `factors` lists it. */
export function toFactor(row: mfaRepo.FactorRow): Factor {
  return {
    id: row.id,
    ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
    factor_type: 'totp',
    status: row.status === 'verified' ? 'verified' : 'unverified',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.lastChallengedAt ? { last_challenged_at: row.lastChallengedAt.toISOString() } : {}),
  };
}

export async function listFactors(db: Queryable, userId: string): Promise<Factor[]> {
  return (await mfaRepo.listFactorsOf(db, userId)).map(toFactor);
}

/** Whether the user has a verified factor (then a password alone gives an aal1 session that must be raised). */
export function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  return mfaRepo.hasVerifiedFactor(db, userId);
}

function totpOf(secret: string, issuer = DEFAULT_ISSUER, label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The time step of `code` when it is valid for `secret` now (±1 step), else null. */
function acceptedStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Spends a TOTP code for the factor: right code, in the window, and of a later step than the last one accepted. */
async function spendTotpCode(db: Queryable, factor: mfaRepo.FactorRow, code: string): Promise<boolean> {
  const step = acceptedStep(factor.secret, code);
  return step !== null && (await mfaRepo.spendTotpStep(db, factor.id, step));
}

/** Raises an error unless the session is at aal2 or the user has no verified factor yet (GoTrue's rule for enrolling). */
async function assertAal2IfVerified(db: Queryable, principal: Principal): Promise<void> {
  if (principal.aal !== 'aal2' && (await mfaRepo.hasVerifiedFactor(db, principal.userId))) throw insufficientAal();
}

/**
 * auth-js makes the QR code a data URI by prefixing the raw SVG (`data:image/svg+xml;utf-8,<svg…`),
 * unescaped, as GoTrue's answer allows: a `#` there would end the URI (a fragment), so the colours
 * are named.
 */
function asDataUriSafe(svg: string): string {
  return svg
    .trim()
    .replace(/"#ffffff"/gi, '"white"')
    .replace(/"#000000"/gi, '"black"');
}

/**
 * `POST /factors`: a new unverified TOTP factor; the secret, its URI and QR code are shown this
 * once. Unverified factors of an earlier enrolment are dropped. With a verified factor already,
 * the session must be at aal2.
 */
export async function enroll(db: Db, principal: Principal, input: { friendlyName?: string | undefined; issuer?: string | undefined }): Promise<EnrollResponse> {
  await assertAal2IfVerified(db, principal);
  const existing = await mfaRepo.listFactorsOf(db, principal.userId);
  const verified = existing.filter((f) => f.status === 'verified');
  const friendlyName = input.friendlyName || `Authenticator app${verified.length > 0 ? ` ${verified.length + 1}` : ''}`;
  if (verified.some((f) => f.friendlyName === friendlyName)) {
    throw new AppError(ErrorCode.mfaFactorNameConflict, messages.mfa.nameConflict, 422);
  }
  const secret = new Secret({ size: 20 }).base32;
  const factor = await db.transaction(async (tx) => {
    await mfaRepo.deleteUnverifiedFactorsOf(tx, principal.userId);
    return mfaRepo.insertFactor(tx, principal.userId, friendlyName, secret);
  });
  const uri = totpOf(secret, input.issuer || DEFAULT_ISSUER, principal.email).toString();
  const qrCode = asDataUriSafe(await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
  return { id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } };
}

/** `POST /factors/{id}/challenge`: a challenge that a code can answer once within CHALLENGE_SECONDS. */
export async function challenge(db: Db, principal: Principal, factorId: string, ip: string | null) {
  const factor = await mfaRepo.findFactorOf(db, principal.userId, factorId);
  if (!factor) throw factorNotFound();
  const row = await mfaRepo.insertChallenge(db, factor.id, ip);
  return { id: row.id, type: 'totp' as const, expires_at: Math.floor(row.createdAt.getTime() / 1000) + CHALLENGE_SECONDS };
}

/**
 * `POST /factors/{id}/verify`: spends the challenge and the code, verifies the factor on its first
 * code (recorded as an enrolment) and raises the caller's session to aal2. The route then issues
 * the session's new tokens.
 */
export async function verify(db: Db, principal: Principal, factorId: string, challengeId: string, code: string, ip: string | null): Promise<void> {
  const factor = await mfaRepo.findFactorOf(db, principal.userId, factorId);
  if (!factor) throw factorNotFound();
  const outcome = await db.transaction(async (tx) => {
    const notBefore = new Date(Date.now() - CHALLENGE_SECONDS * 1000);
    if (!(await mfaRepo.spendChallenge(tx, factor.id, challengeId, notBefore))) return 'expired' as const;
    if (!(await spendTotpCode(tx, factor, code))) return 'failed' as const;
    await mfaRepo.elevateSession(tx, principal.sessionId, 'totp', Math.floor(Date.now() / 1000));
    if (factor.status !== 'verified') {
      await recordAudit(tx, actorOf(principal, ip), 'mfa_enrolled', selfTarget(principal), { factor_id: factor.id, factor_type: 'totp' });
    }
    return 'ok' as const;
  });
  if (outcome === 'expired') throw new AppError(ErrorCode.mfaChallengeExpired, messages.mfa.challengeExpired, 422);
  // The challenge stays spent (the transaction committed): one guess per challenge.
  if (outcome === 'failed') throw verificationFailed();
}

/**
 * `DELETE /factors/{id}`: removes a factor; a verified one only from an aal2 session (GoTrue's
 * rule). Removing the last verified factor also voids the recovery codes.
 */
export async function unenroll(db: Db, principal: Principal, factorId: string, ip: string | null): Promise<{ id: string }> {
  const factor = await mfaRepo.findFactorOf(db, principal.userId, factorId);
  if (!factor) throw factorNotFound();
  if (factor.status === 'verified' && principal.aal !== 'aal2') throw insufficientAal();
  await db.transaction(async (tx) => {
    await mfaRepo.deleteFactor(tx, factor.id);
    if (factor.status !== 'verified') return;
    const stillVerified = await mfaRepo.hasVerifiedFactor(tx, principal.userId);
    if (!stillVerified) await mfaRepo.deleteRecoveryCodesOf(tx, principal.userId);
    await recordAudit(tx, actorOf(principal, ip), 'mfa_unenrolled', selfTarget(principal), { factor_id: factor.id, factor_type: 'totp' });
  });
  return { id: factor.id };
}

/** A recovery code as shown: ten lower-case letters and digits (none that read alike: 0/o, 1/l/i), in two groups of five. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const hashRecoveryCode = (code: string) => hashOpaqueToken(recoveryCodeSchema.parse(code));

/**
 * A new set of recovery codes, shown this once; the old set stops working. Needs a verified
 * factor and an aal2 session.
 */
export async function regenerateRecoveryCodes(db: Db, principal: Principal, ip: string | null): Promise<string[]> {
  if (!(await mfaRepo.hasVerifiedFactor(db, principal.userId))) throw new AppError(ErrorCode.conflict, messages.mfa.noVerifiedFactor, 409);
  if (principal.aal !== 'aal2') throw insufficientAal();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await mfaRepo.replaceRecoveryCodes(tx, principal.userId, codes.map(hashRecoveryCode));
    await recordAudit(tx, actorOf(principal, ip), 'mfa_recovery_codes_generated', selfTarget(principal), { count: codes.length });
  });
  return codes;
}

export function remainingRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  return mfaRepo.countUnusedRecoveryCodes(db, userId);
}

/** Spends a recovery code of the user (audited); false when it is not one of the user's unused codes. */
async function spendRecoveryCode(db: Queryable, actor: AuditActor, target: { userId: string; email: string | null }, code: string): Promise<boolean> {
  const parsed = recoveryCodeSchema.safeParse(code);
  if (!parsed.success) return false;
  if (!(await mfaRepo.spendRecoveryCode(db, target.userId, hashOpaqueToken(parsed.data)))) return false;
  await recordAudit(db, actor, 'mfa_recovery_code_used', target, { remaining: await mfaRepo.countUnusedRecoveryCodes(db, target.userId) });
  return true;
}

/** `POST /mfa/recovery`: a recovery code in place of a TOTP code raises the session to aal2. */
export async function signInWithRecoveryCode(db: Db, principal: Principal, code: string, ip: string | null): Promise<void> {
  const ok = await db.transaction(async (tx) => {
    if (!(await mfaRepo.hasVerifiedFactor(tx, principal.userId))) return false;
    if (!(await spendRecoveryCode(tx, actorOf(principal, ip), selfTarget(principal), code))) return false;
    await mfaRepo.elevateSession(tx, principal.sessionId, 'recovery_code', Math.floor(Date.now() / 1000));
    return true;
  });
  if (!ok) throw new AppError(ErrorCode.mfaVerificationFailed, messages.mfa.recoveryCodeInvalid, 422);
}

/**
 * For other account actions that must ask for a second factor (deleting the account): true when
 * `code` is a current TOTP code of one of the user's verified factors, or one of its unused
 * recovery codes; either is spent (a TOTP code cannot be used again, a recovery code is gone).
 */
export async function verifyMfaCodeForUser(db: Db, userId: string, code: string): Promise<boolean> {
  const totp = totpCodeSchema.safeParse(code);
  if (totp.success) {
    const factors = (await mfaRepo.listFactorsOf(db, userId)).filter((f) => f.status === 'verified');
    for (const factor of factors) if (await spendTotpCode(db, factor, totp.data)) return true;
    return false;
  }
  return db.transaction(async (tx) => {
    if (!(await mfaRepo.hasVerifiedFactor(tx, userId))) return false;
    const email = (await repo.findUserById(tx, userId))?.email ?? null;
    return spendRecoveryCode(tx, { id: userId, email }, { userId, email }, code);
  });
}

/** Whether admins must use MFA (the admin setting). */
export function requireMfaForAdmins(db: Queryable): Promise<boolean> {
  return mfaRepo.readRequireMfaForAdmins(db);
}

export async function setRequireMfaForAdmins(db: Db, actor: AuditActor, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await mfaRepo.readRequireMfaForAdmins(tx);
    await mfaRepo.writeRequireMfaForAdmins(tx, on);
    if (before !== on) await recordAudit(tx, actor, 'mfa_admin_requirement_changed', {}, { require_mfa_for_admins: on });
  });
}

/**
 * The admin area's MFA rule: with "Require MFA for admins" on, an admin without a verified factor
 * is refused with a message that sends them to their profile (an admin with one is already held
 * to aal2 by the sign-in rule).
 */
export async function assertAdminMfa(db: Queryable, principal: Principal): Promise<void> {
  if (!(await mfaRepo.readRequireMfaForAdmins(db))) return;
  if (!principal.hasVerifiedFactor) throw new AppError(ErrorCode.mfaRequired, messages.mfa.adminMfaRequired, 403);
  if (principal.aal !== 'aal2') throw insufficientAal();
}
