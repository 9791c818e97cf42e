import { AUTH } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  ADMIN_ROLE,
  banDurationMs,
  invitationExpiry,
  type AdminCreateUserInput,
  type AdminUpdateUserInput,
  type AdminUser,
  type AdminUserList,
  type InviteSettings,
  type ListUsersQuery,
} from '../../../shared/schemas/user-admin';
import type { Queryable } from '../../db/client';
import { DELETED_USER_ID } from '../erasure/deleted-user';
import { eraseAccount } from '../erasure/erase';
import { removeExportFiles } from '../exports/service';
import { createStorageDriver } from '../uploads/service';
import { assertNotLastAdmin, grantAdmin, revokeAdmin } from '../roles/service';
import { recordAudit, type AuditActor } from './audit';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { assertStrongPassword, hashPassword } from './passwords';
import * as repo from './repository';
import { authIssuer, isBanned, isPendingInvitation, type AuthDeps, type AuthService } from './service';
import { toAdminUser } from './user-view';

const u = messages.users;

const userNotFound = () => new AppError(ErrorCode.userNotFound, u.notFound, 404);

/** An invitation e-mail: who invited, the link, how long it works. */
function invitationMail(to: string, inviter: string | null, link: string) {
  return {
    to,
    subject: 'You have been invited to Trackside',
    text: [
      `${inviter ?? 'An administrator'} invited you to Trackside, the compliance assistant and knowledge hub for railway engineers.`,
      '',
      `Follow this link to choose your password and sign in (valid for ${AUTH.invitationDays} days, once):`,
      link,
      '',
      'If you did not expect this invitation, ignore this e-mail: nothing happens until the link is followed.',
    ].join('\n'),
  };
}

/**
 * User administration (issue 19): invitations, the admin API's account operations, disabling
 * and the admin role. Every change is written to the audit log in the transaction that makes it.
 */
export class UserAdmin {
  constructor(
    private readonly deps: AuthDeps,
    private readonly auth: AuthService,
  ) {}

  /** How invitations reach people: SMTP, or (SMTP_URL not set) the server log, as recovery mail. */
  settings(): InviteSettings {
    return { mail_delivery: this.deps.config.smtpUrl ? 'smtp' : 'log', invitation_days: AUTH.invitationDays };
  }

  async list(query: ListUsersQuery): Promise<AdminUserList> {
    const { users, total } = await repo.listAdminUsers(this.deps.db, { page: query.page, perPage: query.per_page, filter: query.filter });
    return { users: users.map(toAdminUser), aud: 'authenticated', total };
  }

  async get(id: string, db: Queryable = this.deps.db): Promise<AdminUser> {
    const row = await repo.findAdminUserById(db, id);
    // The shared "Deleted user" of kept forum posts is nobody's account: not shown, not changed.
    if (!row || row.id === DELETED_USER_ID) throw userNotFound();
    return toAdminUser(row);
  }

  /** The id of the account with this e-mail (the command line names accounts by e-mail). */
  async idOf(email: string): Promise<string> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!user) throw new AppError(ErrorCode.userNotFound, `No account for ${email}`, 404);
    return user.id;
  }

  /**
   * `POST /invite` (GoTrue's invite): creates an account without a password and e-mails it a
   * link, valid AUTH.invitationDays, where the invitee sets one. Inviting an e-mail whose
   * invitation is still pending sends a new link (the older one stops working): that is how an
   * invitation is resent. An e-mail with an account in use → 422 email_exists.
   *
   * The mail goes out before anything is written, outside any transaction (the embedded
   * database has one connection: a transaction waiting on an SMTP server would hold up every
   * request), so an invitation that could not be sent leaves nothing behind (503). The checks
   * are made again in the transaction that records it; should they fail there (the same e-mail
   * invited or registered meanwhile), the link just mailed never works and the caller is told why.
   */
  async invite(actor: AuditActor, email: string, options: { data?: Record<string, unknown> | undefined; redirectTo?: string | undefined } = {}) {
    const { db, config, mailer, log } = this.deps;
    if (mailer.ready && !(await mailer.ready())) throw new AppError(ErrorCode.unavailable, u.inviteMailUnavailable, 503);
    const target = this.auth.invitationTarget(options.redirectTo);
    const token = newOpaqueToken();
    const link = new URL(`${authIssuer(config)}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'invite');
    link.searchParams.set('redirect_to', target);
    const assertInvitable = (existing: repo.UserRow | undefined) => {
      if (existing && !isPendingInvitation(existing)) throw new AppError(ErrorCode.emailExists, u.alreadyRegistered, 422);
      if (existing && isBanned(existing)) throw new AppError(ErrorCode.conflict, u.invitationOfDisabled, 409);
    };
    const before = await repo.findUserByEmail(db, email);
    assertInvitable(before);
    try {
      await mailer.send(invitationMail(before?.email ?? email.trim().toLowerCase(), actor.email, link.toString()));
    } catch (error) {
      log.error({ err: error }, 'invitation e-mail could not be sent');
      throw new AppError(ErrorCode.unavailable, u.inviteMailUnavailable, 503);
    }
    const now = new Date();
    const { userId, resent } = await db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, email);
      assertInvitable(existing);
      let user: repo.UserRow;
      if (existing) {
        user = existing;
        await repo.voidInvitationsOf(tx, user.id);
        await repo.updateUser(tx, user.id, { invitedAt: now, ...(options.data ? { userMetadata: options.data } : {}) });
      } else {
        user = await repo.insertUser(tx, email, null, { userMetadata: options.data ?? {}, invitedAt: now, confirmed: false });
      }
      const expiresAt = invitationExpiry(now);
      await repo.insertInvitation(tx, { userId: user.id, tokenHash: hashOpaqueToken(token), invitedBy: actor.id, expiresAt });
      await recordAudit(
        tx,
        actor,
        existing ? 'invitation_resent' : 'user_invited',
        { userId: user.id, email: user.email },
        { expires_at: expiresAt.toISOString() },
      );
      return { userId: user.id, resent: Boolean(existing) };
    });
    return { user: await this.get(userId), resent };
  }

  /** `POST /admin/users`: an account made by an admin (confirmed; without a password it is entered through a password reset). */
  async create(actor: AuditActor, input: AdminCreateUserInput): Promise<AdminUser> {
    const { db } = this.deps;
    if (input.password !== undefined) assertStrongPassword(input.password);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
    const banMs = input.ban_duration !== undefined ? banDurationMs(input.ban_duration) : null;
    const isAdmin = input.app_metadata?.roles?.includes(ADMIN_ROLE) ?? false;
    const id = await db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, input.email)) throw new AppError(ErrorCode.emailExists, u.alreadyRegistered, 422);
      const user = await repo.insertUser(tx, input.email, passwordHash, {
        userMetadata: input.user_metadata ?? {},
        bannedUntil: banMs ? new Date(Date.now() + banMs) : null,
      });
      if (isAdmin) await grantAdmin(tx, user.id);
      await recordAudit(
        tx,
        actor,
        'user_created',
        { userId: user.id, email: user.email },
        { admin: isAdmin, password: passwordHash !== null, disabled: Boolean(banMs) },
      );
      return user.id;
    });
    return this.get(id);
  }

  /**
   * `PUT /admin/users/{id}`: disable or enable (`ban_duration`), grant or revoke admin
   * (`app_metadata.roles`), set a password, merge `user_metadata`, all in one transaction.
   */
  async update(actor: AuditActor, id: string, input: AdminUpdateUserInput): Promise<AdminUser> {
    const { db } = this.deps;
    const current = await repo.findUserById(db, id);
    if (!current || current.id === DELETED_USER_ID) throw userNotFound();
    if (input.email !== undefined && input.email.trim().toLowerCase() !== current.email) {
      throw new AppError(ErrorCode.validationFailed, u.emailChangeUnsupported, 400, [{ path: 'email', message: u.emailChangeUnsupported }]);
    }
    if (input.password !== undefined) assertStrongPassword(input.password);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    await db.transaction(async (tx) => {
      const user = await repo.findUserById(tx, id);
      if (!user) throw userNotFound();
      const target = { userId: user.id, email: user.email };
      if (input.app_metadata?.roles !== undefined) await this.applyAdmin(tx, actor, user, input.app_metadata.roles.includes(ADMIN_ROLE));
      if (input.ban_duration !== undefined) await this.applyBan(tx, actor, user, input.ban_duration);
      if (passwordHash !== undefined) {
        await repo.setUserPassword(tx, user.id, passwordHash);
        await repo.revokeUserSessions(tx, user.id);
        await repo.spendRecoveryTokensOf(tx, user.id);
        await recordAudit(tx, actor, 'password_set', target);
      }
      if (input.user_metadata !== undefined) {
        const merged: Record<string, unknown> = { ...user.userMetadata };
        for (const [key, value] of Object.entries(input.user_metadata)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        await repo.updateUser(tx, user.id, { userMetadata: merged });
        await recordAudit(tx, actor, 'user_updated', target, { user_metadata: Object.keys(input.user_metadata) });
      }
    });
    return this.get(id);
  }

  /**
   * `DELETE /admin/users/{id}` (auth-js deleteUser): a pending invitation is revoked (the account
   * and its links go); an account that has been used is erased as its owner would erase it
   * (see erasure/erase.ts), its forum posts kept as "Deleted user" or removed by
   * ACCOUNT_DELETION_FORUM_POSTS. Never the last active admin (409). Answers the account as it was.
   */
  async remove(actor: AuditActor, id: string): Promise<AdminUser> {
    let exportFiles: string[] = [];
    const view = await this.deps.db.transaction(async (tx) => {
      const user = await repo.findUserById(tx, id);
      if (!user || user.id === DELETED_USER_ID) throw userNotFound();
      const view = await this.get(id, tx);
      if (isPendingInvitation(user)) {
        await repo.deleteUser(tx, id);
        await recordAudit(tx, actor, 'invitation_revoked', { userId: null, email: user.email });
      } else {
        ({ exportFiles } = await eraseAccount(tx, id, { actor, forumPosts: this.deps.config.deletedAccountForumPosts }));
      }
      return view;
    });
    await removeExportFiles(createStorageDriver(this.deps.config), exportFiles);
    return view;
  }

  /** Disables (for good) or enables an account; the command line's user:disable and user:enable. */
  async setDisabled(actor: AuditActor, id: string, disabled: boolean): Promise<AdminUser> {
    return this.update(actor, id, { ban_duration: disabled ? '876000h' : 'none' });
  }

  /** Grants or revokes the admin role; the command line's user:grant-admin and user:revoke-admin. */
  async setAdmin(actor: AuditActor, id: string, admin: boolean): Promise<AdminUser> {
    return this.update(actor, id, { app_metadata: { roles: admin ? [ADMIN_ROLE] : [] } });
  }

  private async applyAdmin(tx: Queryable, actor: AuditActor, user: repo.UserRow, admin: boolean): Promise<void> {
    const target = { userId: user.id, email: user.email };
    if (admin) {
      if (await grantAdmin(tx, user.id)) await recordAudit(tx, actor, 'admin_granted', target);
    } else if (await revokeAdmin(tx, user.id)) {
      await recordAudit(tx, actor, 'admin_revoked', target);
    }
  }

  /**
   * A ban ends the user's sessions at once (access tokens are refused from the next request,
   * refresh tokens are revoked) and voids its reset links; "none" lifts it. Nobody disables
   * themselves, nor the last active admin.
   */
  private async applyBan(tx: Queryable, actor: AuditActor, user: repo.UserRow, duration: string): Promise<void> {
    const target = { userId: user.id, email: user.email };
    const ms = banDurationMs(duration);
    if (ms === undefined) throw new AppError(ErrorCode.validationFailed, u.badBanDuration, 400);
    if (ms === null) {
      if (!user.bannedUntil) return;
      await repo.updateUser(tx, user.id, { bannedUntil: null });
      if (isBanned(user)) await recordAudit(tx, actor, 'user_enabled', target);
      return;
    }
    if (actor.id === user.id) throw new AppError(ErrorCode.conflict, u.cannotDisableSelf, 409);
    await assertNotLastAdmin(tx, user.id);
    const bannedUntil = new Date(Date.now() + ms);
    await repo.updateUser(tx, user.id, { bannedUntil });
    await repo.revokeUserSessions(tx, user.id);
    await repo.spendRecoveryTokensOf(tx, user.id);
    await recordAudit(tx, actor, 'user_disabled', target, { banned_until: bannedUntil.toISOString() });
  }
}
