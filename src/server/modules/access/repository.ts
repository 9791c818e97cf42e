import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { protectedResources } from './tables';

export async function upsertResourcePasswordHash(db: Queryable, resource: string, passwordHash: string): Promise<void> {
  await db
    .insert(protectedResources)
    .values({ resource, passwordHash })
    .onConflictDoUpdate({ target: protectedResources.resource, set: { passwordHash, updatedAt: sql`now()` } });
}

export async function findResourcePasswordHash(db: Queryable, resource: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: protectedResources.passwordHash }).from(protectedResources).where(eq(protectedResources.resource, resource));
  return row?.passwordHash;
}
