import type { FastifyBaseLogger } from 'fastify';
import { AUTH } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { emailSchema } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import type { Mailer } from '../../lib/mailer';
import { recordAudit } from './audit';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import * as repo from './repository';

/**
 * Change of e-mail, GoTrue's `PUT /user { email }` with `double_confirm_changes=false`: the new
 * address confirms (it proves it is the user's), the old one is told, twice: when the change is
 * asked for and when it is done, so that a stolen session cannot move an account away quietly.
 * Sessions stay (GoTrue's choice); the audit log records both steps.
 */
export interface EmailChangeDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const LINK_MS = AUTH.emailChangeLinkHours * 60 * 60 * 1000;

const emailTaken = () => new AppError(ErrorCode.emailExists, messages.auth.emailExists, 422);
const linkInvalid = () => new AppError(ErrorCode.otpExpired, messages.auth.otpExpired, 403);

/** The new address as the schema cleans it, or 400 with the field's message; the same address as now is refused too. */
export function parseNewEmail(value: unknown, current: string): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? messages.validation.invalidEmail;
    throw new AppError(ErrorCode.validationFailed, message, 400, [{ path: 'email', message }]);
  }
  if (parsed.data === current.toLowerCase()) {
    throw new AppError(ErrorCode.validationFailed, messages.emailChange.sameEmail, 400, [{ path: 'email', message: messages.emailChange.sameEmail }]);
  }
  return parsed.data;
}

async function assertEmailFree(db: Queryable, email: string, userId: string): Promise<void> {
  const owner = await repo.findUserByEmail(db, email);
  if (owner && owner.id !== userId) throw emailTaken();
}

/** Sends a notice that must not undo what it reports: a failure is logged, not thrown. */
async function notify(deps: EmailChangeDeps, to: string, subject: string, lines: string[]): Promise<void> {
  try {
    await deps.mailer.send({ to, subject, text: lines.join('\n') });
  } catch (error) {
    deps.log.error({ err: error }, 'change-of-e-mail notice could not be sent');
  }
}

/**
 * What can be known before anything is done: the address is free and mail can be sent now (503
 * otherwise). The route asks this before its per-account limit counts, so a refused request
 * does not hold the user's next try back.
 */
export async function assertEmailChangePossible(deps: EmailChangeDeps, userId: string, newEmail: string): Promise<void> {
  await assertEmailFree(deps.db, newEmail, userId);
  const { mailer } = deps;
  if (mailer.ready && !(await mailer.ready())) throw new AppError(ErrorCode.unavailable, messages.emailChange.mailUnavailable, 503);
}

/**
 * Records the pending change (voiding any older link), mails the confirmation link to the new
 * address and a notice to the old one. `target` is where the link opens after `/verify`.
 * The new address must be valid, not the current one and not another account's (422 email_exists).
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  user: repo.UserRow,
  newEmail: string,
  target: string,
  linkBase: string,
  ip?: string,
): Promise<repo.UserRow> {
  const { db, mailer } = deps;
  // Checked again: another account may have taken the address since assertEmailChangePossible.
  await assertEmailFree(db, newEmail, user.id);
  const token = newOpaqueToken();
  const tokenHash = hashOpaqueToken(token);
  const updated = await db.transaction(async (tx) => {
    const row = await repo.setPendingEmailChange(tx, user.id, newEmail, tokenHash);
    await recordAudit(
      tx,
      { id: user.id, email: user.email, ip },
      'user_email_change_requested',
      { userId: user.id, email: user.email },
      { old_email: user.email, new_email: newEmail },
    );
    return row;
  });
  if (!updated) throw new AppError(ErrorCode.sessionNotFound, messages.auth.sessionMissing, 403);

  const link = new URL(linkBase);
  link.searchParams.set('token', token);
  link.searchParams.set('type', 'email_change');
  link.searchParams.set('redirect_to', target);
  try {
    await mailer.send({
      to: newEmail,
      subject: 'Confirm your new Trackside e-mail address',
      text: [
        `Someone asked to change the e-mail address of a Trackside account from ${user.email} to this address.`,
        '',
        `Follow this link to confirm it (valid for ${AUTH.emailChangeLinkHours} hours, once):`,
        link.toString(),
        '',
        'If it was not you, ignore this e-mail; nothing changes.',
      ].join('\n'),
    });
  } catch (error) {
    // No link reached the new address: withdraw this request so the account shows nothing pending.
    await repo.clearPendingEmailChange(db, user.id, tokenHash);
    deps.log.error({ err: error }, 'change-of-e-mail confirmation could not be sent');
    throw new AppError(ErrorCode.unavailable, messages.emailChange.mailUnavailable, 503);
  }
  await notify(deps, user.email, 'Your Trackside e-mail address is being changed', [
    `Someone signed in to your Trackside account asked to change its e-mail address from ${user.email} to ${newEmail}.`,
    `Nothing changes until the link sent to ${newEmail} is followed (within ${AUTH.emailChangeLinkHours} hours).`,
    '',
    'If it was not you: sign in, change your password (it signs every other session out) and contact your administrator.',
  ]);
  return updated;
}

/**
 * Spends a change-of-e-mail token: the account and its profile take the new address, now
 * confirmed. Unknown, voided or older than AUTH.emailChangeLinkHours → otp_expired; an address
 * taken by another account meanwhile → email_exists (and the pending change is dropped).
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<repo.UserRow> {
  const { db } = deps;
  const tokenHash = hashOpaqueToken(token);
  const outcome = await db
    .transaction(async (tx) => {
      const user = await repo.findUserByEmailChangeTokenForUpdate(tx, tokenHash);
      if (!user?.newEmail || !user.emailChangeSentAt || user.emailChangeSentAt.getTime() + LINK_MS < Date.now()) return { kind: 'invalid' as const };
      const newEmail = user.newEmail;
      const owner = await repo.findUserByEmail(tx, newEmail);
      if (owner && owner.id !== user.id) {
        await repo.clearPendingEmailChange(tx, user.id);
        return { kind: 'taken' as const };
      }
      const changed = await repo.applyEmailChange(tx, user.id, newEmail);
      await recordAudit(
        tx,
        { id: user.id, email: newEmail },
        'user_email_changed',
        { userId: user.id, email: newEmail },
        { old_email: user.email, new_email: newEmail },
      );
      return { kind: 'changed' as const, user: changed ?? user, oldEmail: user.email };
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) return { kind: 'taken' as const };
      throw error;
    });
  if (outcome.kind === 'invalid') throw linkInvalid();
  if (outcome.kind === 'taken') throw emailTaken();
  await notify(deps, outcome.oldEmail, 'Your Trackside e-mail address has been changed', [
    `The e-mail address of your Trackside account was changed from ${outcome.oldEmail} to ${outcome.user.email}.`,
    'Sign-in, password resets and notices now use the new address.',
    '',
    'If it was not you, contact your administrator at once.',
  ]);
  return outcome.user;
}
