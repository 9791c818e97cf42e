import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../../db/client';
import { protectedResources } from './tables';

/** Sets (or replaces) the shared password of a protected resource such as investor_flyer. */
export async function setResourcePassword(db: Db, resource: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insert(protectedResources)
    .values({ resource, passwordHash })
    .onConflictDoUpdate({ target: protectedResources.resource, set: { passwordHash, updatedAt: sql`now()` } });
}

/** True when the password opens the resource; an unknown resource opens for nothing. */
export async function verifyResourcePassword(db: Db, resource: string, password: string): Promise<boolean> {
  const row = await db
    .select({ passwordHash: protectedResources.passwordHash })
    .from(protectedResources)
    .where(eq(protectedResources.resource, resource))
    .then((r) => r[0]);
  return verifyPassword(row?.passwordHash, password);
}
