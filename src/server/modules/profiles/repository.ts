import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from './tables';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<Pick<ProfileRow, 'fullName' | 'email' | 'companyName' | 'jobTitle' | 'phoneNumber'>>;

export function findProfile(db: Db, id: string): Promise<ProfileRow | undefined> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.id, id))
    .then((r) => r[0]);
}

/** Inserts the row unless it exists (two first visits at once must not fail), then reads it. */
export async function ensureProfile(db: Db, id: string, email: string): Promise<ProfileRow> {
  await db.insert(profiles).values({ id, email }).onConflictDoNothing();
  const row = await findProfile(db, id);
  if (!row) throw new Error(`profile ${id} vanished after insert`);
  return row;
}

export async function updateProfile(db: Db, id: string, changes: ProfileChanges): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning();
  return row;
}
