import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { DeleteAccountInput } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/service';
import { verifyPassword } from '../auth/passwords';
import { removeExportFiles } from '../exports/service';
import type { StorageDriver } from '../uploads/storage';
import { eraseAccount, type ErasureResult, type ForumPostsOnDeletion } from './erase';
import { assertSecondFactor } from './second-factor';

/**
 * A user deletes their own account: the password again (and a second factor when enrolled) before
 * anything is erased, then the erasure in one transaction. Nothing is changed when a check fails.
 */
export async function deleteOwnAccount(
  db: Db,
  storage: StorageDriver,
  principal: Principal,
  input: DeleteAccountInput,
  forumPosts: ForumPostsOnDeletion,
): Promise<ErasureResult> {
  if (!(await verifyPassword(principal.user.passwordHash ?? undefined, input.password))) {
    throw new AppError(ErrorCode.invalidCredentials, messages.account.wrongPassword, 400);
  }
  await assertSecondFactor(db, principal.userId, input.code);
  const result = await db.transaction((tx) => eraseAccount(tx, principal.userId, { actor: 'self', forumPosts }));
  await removeExportFiles(storage, result.exportFiles);
  return result;
}
