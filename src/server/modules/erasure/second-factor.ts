import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { recoveryCodeSchema, totpCodeSchema } from '../../../shared/schemas/mfa';
import type { Db } from '../../db/client';
import { hasVerifiedFactor, verifyMfaCodeForUser } from '../auth/mfa';

/**
 * The one place where deleting an account asks for a second factor: an account with a verified
 * factor needs a current code from its authenticator app, or one of its recovery codes (spent
 * either way, as at sign-in), besides the password.
 */
export async function assertSecondFactor(db: Db, userId: string, code: string | undefined): Promise<void> {
  if (!(await hasVerifiedFactor(db, userId))) return;
  if (!code) throw new AppError(ErrorCode.mfaVerificationFailed, messages.account.codeRequired, 400);
  const totp = totpCodeSchema.safeParse(code);
  const recovery = recoveryCodeSchema.safeParse(code);
  const given = totp.success ? totp.data : recovery.success ? recovery.data : code;
  if (!(await verifyMfaCodeForUser(db, userId, given))) throw new AppError(ErrorCode.mfaVerificationFailed, messages.account.wrongCode, 422);
}
