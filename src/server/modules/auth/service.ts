import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/pg-errors';
import type { Mailer } from '../../lib/mailer';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { AuthUser, Session, VerifyType } from '../../../shared/schemas/auth';
import { recordAudit } from './audit';
import { assertEmailChangePossible, confirmEmailChange, requestEmailChange } from './email-change';
import { newOpaqueToken, hashOpaqueToken } from './opaque-tokens';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import type { SigningKeys } from './signing-keys';
import { listFactors } from './mfa';
import { toAuthUser } from './user-view';

export interface AuthDeps {
  db: Db;
  config: Config;
  keys: SigningKeys;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Who a verified access token speaks for. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  user: repo.UserRow;
  /** The session's assurance level: aal2 once an MFA code (or recovery code) was verified in it. */
  aal: 'aal1' | 'aal2';
  /** Whether the user has a verified MFA factor (then an aal1 session may only finish signing in). */
  hasVerifiedFactor: boolean;
}

/** How a session was proven, as its tokens tell it (the session row's method, aal and amr). */
interface SessionProof {
  method: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
}

/** How a session began, echoed in the token's amr claim: a password, a recovery, invitation or change-of-e-mail link. */
type SessionMethod = 'password' | 'recovery' | 'invite' | 'email_change';

/** A download link's token is valid this long: enough to open or save the file, useless later. */
export const DOWNLOAD_TOKEN_SECONDS = 15 * 60;
/** The audience of download tokens; access tokens ('authenticated') and these never stand for each other. */
const DOWNLOAD_AUDIENCE = 'trackside-download';

const invalidCredentials = () => new AppError(ErrorCode.invalidCredentials, messages.auth.invalidCredentials, 400);
const userBanned = () => new AppError(ErrorCode.userBanned, messages.auth.userBanned, 400);

/** Whether the account is disabled now (GoTrue's banned_until ahead). */
export function isBanned(user: Pick<repo.UserRow, 'bannedUntil'>, now = Date.now()): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > now;
}

/** An invitation whose link has not been followed yet: no password can be reset for it. */
export function isPendingInvitation(user: Pick<repo.UserRow, 'invitedAt' | 'emailConfirmedAt'>): boolean {
  return user.invitedAt !== null && user.emailConfirmedAt === null;
}

/** A refused redirect as the log shows it: its origin only (never a path or query that might carry a token), or that it does not parse. */
function describeRedirect(redirectTo: string | undefined, base: string): string {
  try {
    return new URL(redirectTo ?? '', base).origin;
  } catch {
    return '(not an absolute address)';
  }
}

export function authIssuer(config: Config): string {
  return `${config.publicUrl}/api/auth`;
}

export class AuthService {
  private readonly verifiedTokens = new LRUCache<string, { sessionId: string; exp: number }>({ max: 10_000 });

  constructor(private readonly deps: AuthDeps) {}

  /** The JWKS document other services verify Trackside access tokens with. */
  publicKeys() {
    return this.deps.keys.jwks();
  }

  /** `grant_type=password`; `client` is where the sign-in came from, kept with the session. */
  async signInWithPassword(email: string, password: string, client?: repo.ClientInfo): Promise<Session> {
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!(await verifyPassword(user?.passwordHash ?? undefined, password)) || !user) throw invalidCredentials();
    // Said only to someone who knows the password, as GoTrue does.
    if (isBanned(user)) throw userBanned();
    await repo.touchLastSignIn(db, user.id);
    return this.startSession({ ...user, lastSignInAt: new Date() }, 'password', client);
  }

  /**
   * `grant_type=refresh_token`: spends the token and issues a new one in the same family. A
   * token spent within the reuse interval gives another (a retried or concurrent refresh, as
   * GoTrue allows); presented again later it means a leak, and the whole family is revoked.
   * A rotation records the session as used (at most once a minute), from `client`.
   */
  async refresh(refreshToken: string, client?: repo.ClientInfo): Promise<Session> {
    const tokenHash = hashOpaqueToken(refreshToken);
    const reuseMs = this.deps.config.refreshTokenReuseSeconds * 1000;
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findRefreshTokenForUpdate(tx, tokenHash);
      if (!row) return { kind: 'not-found' as const };
      if (isBanned(row.user)) {
        await repo.revokeSession(tx, row.sessionId);
        return { kind: 'banned' as const };
      }
      const retried = row.usedAt !== null && !row.sessionRevokedAt && Date.now() - row.usedAt.getTime() <= reuseMs;
      if ((row.usedAt && !retried) || row.sessionRevokedAt) {
        await repo.revokeSession(tx, row.sessionId);
        return { kind: 'reused' as const, sessionId: row.sessionId };
      }
      if (!retried) await repo.markRefreshTokenUsed(tx, row.id);
      const next = newOpaqueToken();
      await repo.insertRefreshToken(tx, row.sessionId, hashOpaqueToken(next));
      if (client) await repo.touchSession(tx, row.sessionId, client);
      return { kind: 'ok' as const, row, next };
    });
    if (outcome.kind === 'not-found') {
      throw new AppError(ErrorCode.refreshTokenNotFound, messages.auth.refreshTokenNotFound, 400);
    }
    if (outcome.kind === 'banned') throw userBanned();
    if (outcome.kind === 'reused') {
      this.deps.log.warn({ sessionId: outcome.sessionId }, 'spent refresh token presented again; session revoked');
      throw new AppError(ErrorCode.refreshTokenAlreadyUsed, messages.auth.refreshTokenAlreadyUsed, 401);
    }
    const { row, next } = outcome;
    return this.sessionResponse(row.user, row.sessionId, row, next);
  }

  /** Resolves a bearer token to its live session; throws the protocol's errors otherwise. */
  async authenticate(accessToken: string): Promise<Principal> {
    const sessionId = await this.verifiedSessionId(accessToken);
    const live = await repo.findLiveSession(this.deps.db, sessionId);
    if (!live) throw new AppError(ErrorCode.sessionNotFound, messages.auth.sessionMissing, 403);
    return {
      userId: live.user.id,
      email: live.user.email,
      sessionId: live.sessionId,
      user: live.user,
      aal: live.aal === 'aal2' ? 'aal2' : 'aal1',
      hasVerifiedFactor: Boolean(live.hasVerifiedFactor),
    };
  }

  /**
   * Checks the token's signature and expiry, remembering the outcome until the token expires:
   * a signed token never changes, and ES256 verification is the costliest step of a request.
   * Revocation is still checked on every request (the session row).
   */
  private async verifiedSessionId(accessToken: string): Promise<string> {
    const cached = this.verifiedTokens.get(accessToken);
    if (cached && cached.exp * 1000 > Date.now()) return cached.sessionId;
    try {
      const payload = await this.deps.keys.verify(accessToken, authIssuer(this.deps.config));
      const sessionId = payload['session_id'];
      if (typeof sessionId !== 'string' || typeof payload.exp !== 'number') throw new Error('claims missing');
      this.verifiedTokens.set(accessToken, { sessionId, exp: payload.exp });
      return sessionId;
    } catch (error) {
      // A database that cannot load the keys says nothing about the token: 503, not 401.
      if (isDatabaseUnavailable(error)) throw error;
      throw new AppError(ErrorCode.badJwt, messages.auth.invalidJwt, 401);
    }
  }

  /**
   * A link token for one stored file: signed, short-lived and scoped to that file, so a document
   * opened by the browser never carries the session's access token in its URL (and in logs,
   * history and Referer headers). It can do nothing else.
   */
  async signDownload(principal: Principal, fileKey: string): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + DOWNLOAD_TOKEN_SECONDS;
    const token = await this.deps.keys.sign({ iss: authIssuer(this.deps.config), aud: DOWNLOAD_AUDIENCE, sub: principal.userId, iat, exp, file: fileKey });
    return { token, expiresAt: exp };
  }

  /** True when `token` is a live download token for exactly this file. */
  async verifyDownload(token: string, fileKey: string): Promise<boolean> {
    try {
      const payload = await this.deps.keys.verify(token, authIssuer(this.deps.config), DOWNLOAD_AUDIENCE);
      return payload['file'] === fileKey;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      return false;
    }
  }

  /** `scope=global` ends every session of the user, `local` this one, `others` all but this one. */
  async signOut(principal: Principal, scope: 'global' | 'local' | 'others'): Promise<void> {
    const { db } = this.deps;
    if (scope === 'local') await repo.revokeSession(db, principal.sessionId);
    else if (scope === 'others') await repo.revokeUserSessions(db, principal.userId, principal.sessionId);
    else await repo.revokeUserSessions(db, principal.userId);
  }

  /**
   * A password change ends every other session of the user (a reset usually means a leak) and
   * voids its reset links; the audit log records a change (not an invitee's first password),
   * with how many sessions it ended.
   */
  async updatePassword(principal: Principal, password: string, ip?: string): Promise<AuthUser> {
    const passwordHash = await hashPassword(password);
    await this.deps.db.transaction(async (tx) => {
      await repo.setUserPassword(tx, principal.userId, passwordHash);
      const ended = await repo.revokeUserSessions(tx, principal.userId, principal.sessionId);
      await repo.spendRecoveryTokensOf(tx, principal.userId);
      // An invitee's first password is part of accepting the invitation (logged as that), not a change.
      if (principal.user.passwordHash === null) return;
      await recordAudit(
        tx,
        { id: principal.userId, email: principal.email, ip },
        'password_changed',
        { userId: principal.userId, email: principal.email },
        { other_sessions_ended: ended },
      );
    });
    const user = await repo.findUserById(this.deps.db, principal.userId);
    if (!user) throw new AppError(ErrorCode.sessionNotFound, messages.auth.sessionMissing, 403);
    return toAuthUser(user, await listFactors(this.deps.db, user.id));
  }

  async signUp(email: string, password: string, client?: repo.ClientInfo): Promise<Session> {
    if (!this.deps.config.signupEnabled) {
      throw new AppError(ErrorCode.signupDisabled, messages.auth.signupDisabled, 403);
    }
    const user = await this.createUser(email, password);
    return this.startSession(user, 'password', client);
  }

  /** Creates an account (CLI, first start, sign-up); the e-mail must be new. */
  async createUser(email: string, password: string): Promise<repo.UserRow> {
    const { db } = this.deps;
    if (await repo.findUserByEmail(db, email)) {
      throw new AppError(ErrorCode.emailExists, messages.auth.emailExists, 422);
    }
    return repo.insertUser(db, email, await hashPassword(password));
  }

  /**
   * 503 when mail cannot be sent now. The recovery route asks before its per-e-mail limit counts,
   * and before the account is looked up, so the answer is the same for every address and a
   * request that could not be sent does not hold the address's next try back.
   */
  async assertMailReady(): Promise<void> {
    const { mailer } = this.deps;
    if (mailer.ready && !(await mailer.ready())) throw new AppError(ErrorCode.unavailable, messages.auth.mailUnavailable, 503);
  }

  /**
   * Sends a recovery link when the e-mail has an account. The caller answers the same
   * either way so that the endpoint does not reveal which e-mails exist. A redirect that is not
   * allowed is replaced by PUBLIC_URL's reset page, as GoTrue replaces it by its site URL: the
   * request is still answered and the link still works, it just opens at the configured address.
   */
  async requestRecovery(email: string, redirectTo: string | undefined): Promise<void> {
    const { db, config, mailer, log } = this.deps;
    const allowed = this.allowedRedirect(redirectTo);
    if (allowed === null) {
      log.info(
        `recovery redirect ${describeRedirect(redirectTo, config.publicUrl)} is not allowed (PUBLIC_URL or AUTH_REDIRECT_URLS): the link goes to ${this.resetPage()}`,
      );
    }
    const target = allowed ?? this.resetPage();
    const user = await repo.findUserByEmail(db, email);
    // A disabled account gets no link, nor does an invitation not yet accepted: its way in is the invitation.
    if (!user || isBanned(user) || isPendingInvitation(user)) return;
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + config.recoveryTokenTtlSeconds * 1000);
    await repo.insertRecoveryToken(db, user.id, hashOpaqueToken(token), expiresAt);
    const link = new URL(`${authIssuer(config)}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'recovery');
    link.searchParams.set('redirect_to', target);
    const minutes = Math.round(config.recoveryTokenTtlSeconds / 60);
    await mailer.send({
      to: user.email,
      subject: 'Reset your Trackside password',
      text: [
        'Someone asked to reset the password of your Trackside account.',
        '',
        `Follow this link to choose a new password (valid for ${minutes} minutes, once):`,
        link.toString(),
        '',
        'If it was not you, ignore this e-mail; your password stays as it is.',
      ].join('\n'),
    });
  }

  /**
   * Spends an e-mailed link's token and opens a session: a recovery session, or for an invitation
   * (GoTrue's invite flow) a session in which the invitee sets a password, the account's e-mail now
   * confirmed. Unknown, used or expired → otp_expired; a disabled account → user_banned.
   */
  async verify(type: VerifyType, token: string, client?: repo.ClientInfo): Promise<Session> {
    const { db } = this.deps;
    const tokenHash = hashOpaqueToken(token);
    // The new address proved it is the user's: the account takes it, and the link opens a session as GoTrue's does.
    if (type === 'email_change') return this.startSession(await confirmEmailChange(this.deps, token), 'email_change', client);
    if (type === 'recovery') {
      const userId = await repo.consumeRecoveryToken(db, tokenHash);
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw new AppError(ErrorCode.otpExpired, messages.auth.otpExpired, 403);
      if (isBanned(user)) throw new AppError(ErrorCode.userBanned, messages.auth.userBanned, 403);
      return this.startSession(user, 'recovery', client);
    }
    const accepted = await db.transaction(async (tx) => {
      const userId = await repo.consumeInvitation(tx, tokenHash, new Date());
      const user = userId ? await repo.findUserById(tx, userId) : undefined;
      if (!user) return undefined;
      if (isBanned(user)) return 'banned' as const;
      const confirmed = user.emailConfirmedAt ?? new Date();
      if (!user.emailConfirmedAt) await repo.updateUser(tx, user.id, { emailConfirmedAt: confirmed });
      await recordAudit(tx, { id: user.id, email: user.email }, 'invitation_accepted', { userId: user.id, email: user.email });
      return { ...user, emailConfirmedAt: confirmed };
    });
    if (accepted === 'banned') throw new AppError(ErrorCode.userBanned, messages.auth.userBanned, 403);
    if (!accepted) throw new AppError(ErrorCode.otpExpired, messages.auth.otpExpired, 403);
    return this.startSession(accepted, 'invite', client);
  }

  /**
   * Where `/verify` sends the browser: the redirect when its origin is allowed (PUBLIC_URL or
   * AUTH_REDIRECT_URLS), else 400; without one, the reset page for a recovery and the
   * invitation page for an invitation.
   */
  resolveRedirect(redirectTo: string | undefined, type: VerifyType = 'recovery'): string {
    const allowed = this.allowedRedirect(redirectTo);
    if (allowed === null) throw new AppError(ErrorCode.redirectNotAllowed, messages.auth.redirectNotAllowed, 400);
    if (allowed) return allowed;
    if (type === 'invite') return this.invitePage();
    return type === 'email_change' ? this.confirmEmailPage() : this.resetPage();
  }

  /**
   * `PUT /user { email }`: a change of e-mail that the new address confirms (see email-change.ts).
   * A redirect that is not allowed falls back to PUBLIC_URL's confirmation page, as for invitations.
   */
  async assertEmailChangePossible(principal: Principal, newEmail: string): Promise<void> {
    await assertEmailChangePossible(this.deps, principal.userId, newEmail);
  }

  async requestEmailChange(principal: Principal, newEmail: string, redirectTo: string | undefined, ip?: string): Promise<AuthUser> {
    const target = this.allowedRedirect(redirectTo) ?? this.confirmEmailPage();
    const user = await requestEmailChange(this.deps, principal.user, newEmail, target, `${authIssuer(this.deps.config)}/verify`, ip);
    return toAuthUser(user);
  }

  /**
   * An invitation's redirect as the link will carry it: the one asked for when its origin is
   * allowed, else (as GoTrue falls back to its site URL) PUBLIC_URL's invitation page.
   */
  invitationTarget(redirectTo: string | undefined): string {
    return this.allowedRedirect(redirectTo) ?? this.invitePage();
  }

  /** PUBLIC_URL's reset page, where recovery links go when no (allowed) redirect is named. */
  private resetPage(): string {
    return `${this.deps.config.publicUrl}/account/reset-password`;
  }

  /** PUBLIC_URL's page that tells whether a change of e-mail was confirmed. */
  private confirmEmailPage(): string {
    return `${this.deps.config.publicUrl}/account/confirm-email`;
  }

  /** PUBLIC_URL's invitation page, where the invitee sets a password. */
  private invitePage(): string {
    return `${this.deps.config.publicUrl}/account/accept-invite`;
  }

  /** `redirectTo` as an absolute address when its origin is allowed; undefined when none is named; null when it is not allowed or does not parse. */
  private allowedRedirect(redirectTo: string | undefined): string | undefined | null {
    const { config } = this.deps;
    if (!redirectTo) return undefined;
    let url: URL;
    try {
      url = new URL(redirectTo, config.publicUrl);
    } catch {
      return null;
    }
    const allowed = [new URL(config.publicUrl).origin, ...config.redirectOrigins];
    return allowed.includes(url.origin) ? url.toString() : null;
  }

  private async startSession(user: repo.UserRow, method: SessionMethod, client?: repo.ClientInfo): Promise<Session> {
    const refreshToken = newOpaqueToken();
    const sessionId = await this.deps.db.transaction(async (tx) => {
      const id = await repo.insertSession(tx, user.id, method, client);
      await repo.insertRefreshToken(tx, id, hashOpaqueToken(refreshToken));
      return id;
    });
    return this.sessionResponse(user, sessionId, { method, aal: 'aal1', amr: [] }, refreshToken);
  }

  /**
   * New tokens for the caller's session after MFA raised it (GoTrue answers `/factors/{id}/verify`
   * with a session): a fresh refresh token in the same family, an access token with the new aal and amr.
   */
  async reissueSession(principal: Principal): Promise<Session> {
    const refreshToken = newOpaqueToken();
    const proof = await this.deps.db.transaction(async (tx) => {
      await repo.insertRefreshToken(tx, principal.sessionId, hashOpaqueToken(refreshToken));
      return repo.findSessionProof(tx, principal.sessionId);
    });
    if (!proof) throw new AppError(ErrorCode.sessionNotFound, messages.auth.sessionMissing, 403);
    return this.sessionResponse(principal.user, principal.sessionId, proof, refreshToken);
  }

  private async sessionResponse(user: repo.UserRow, sessionId: string, proof: SessionProof, refreshToken: string): Promise<Session> {
    const { config, keys, db } = this.deps;
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + config.accessTokenTtlSeconds;
    const accessToken = await keys.sign({
      iss: authIssuer(config),
      aud: 'authenticated',
      sub: user.id,
      iat,
      exp,
      email: user.email,
      role: 'authenticated',
      session_id: sessionId,
      aal: proof.aal,
      // Newest first, as GoTrue lists them; the first method keeps the time of this token (as before MFA).
      amr: [...proof.amr, { method: proof.method, timestamp: iat }],
      is_anonymous: false,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: config.accessTokenTtlSeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      // auth-js's getAuthenticatorAssuranceLevel reads the stored session's user.factors.
      user: toAuthUser(user, await listFactors(db, user.id)),
    };
  }
}
