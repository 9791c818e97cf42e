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
  return toProfile(row);
}

/** Applies validated changes; fields left out stay as they are. */
export async function updateMyProfile(db: Db, userId: string, email: string, changes: ProfileUpdate): Promise<Profile> {
  await repo.ensureProfile(db, userId, email);
  const definedChanges = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as repo.ProfileChanges;
  const row = await repo.updateProfile(db, userId, definedChanges);
  if (!row) throw new Error(`profile ${userId} missing after ensure`);
  return toProfile(row);
}
