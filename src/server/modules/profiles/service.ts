import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { computeProfileCompletion } from '../../../shared/profile-completion';
import type { Profile, ProfileUpdate } from '../../../shared/schemas/profile';
import type { Db } from '../../db/client';
import * as repo from './repository';

function toProfile(row: repo.ProfileRow): Profile {
  const values = {
    fullName: row.fullName,
    email: row.email,
    companyName: row.companyName,
    jobTitle: row.jobTitle,
    phoneNumber: row.phoneNumber,
  };
  return {
    id: row.id,
    ...values,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completion: computeProfileCompletion(values),
  };
}

/** The user's profile, created with id and e-mail on first read (SPEC §4 "Profile missing on load"). */
export async function getOrCreateProfile(db: Db, userId: string, email: string): Promise<Profile> {
  const row = (await repo.findProfile(db, userId)) ?? (await repo.ensureProfile(db, userId, email));
  // The profile shows the account's e-mail: it changes only through "Change e-mail", confirmed at the new address.
  return toProfile({ ...row, email });
}

/**
 * Applies validated changes; fields left out stay as they are. The e-mail is the account's
 * (`email`): sent unchanged it is kept, a different one is refused (it would skip the
 * confirmation at the new address), so the two never diverge.
 */
export async function updateMyProfile(db: Db, userId: string, email: string, changes: ProfileUpdate): Promise<Profile> {
  if (changes.email !== undefined && changes.email.toLowerCase() !== email.toLowerCase()) {
    const message = messages.emailChange.profileEmailReadOnly;
    throw new AppError(ErrorCode.validationFailed, message, 400, [{ path: 'email', message }]);
  }
  await repo.ensureProfile(db, userId, email);
  const definedChanges = Object.fromEntries(Object.entries({ ...changes, email }).filter(([, v]) => v !== undefined)) as repo.ProfileChanges;
  const row = await repo.updateProfile(db, userId, definedChanges);
  if (!row) throw new Error(`profile ${userId} missing after ensure`);
  return toProfile(row);
}
