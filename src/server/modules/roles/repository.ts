import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminWhitelist, userRoles } from './tables';

export function hasRole(db: Db, userId: string, role: 'admin'): Promise<boolean> {
  return db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .then((r) => r.length > 0);
}

/** True when any account has `role`. */
export function anyoneHasRole(db: Db, role: 'admin'): Promise<boolean> {
  return db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, role))
    .limit(1)
    .then((r) => r.length > 0);
}

export async function grantRole(db: Db, userId: string, role: 'admin'): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export function isWhitelisted(db: Db, email: string): Promise<boolean> {
  return db
    .select({ email: adminWhitelist.email })
    .from(adminWhitelist)
    .where(sql`lower(${adminWhitelist.email}) = ${email.toLowerCase()}`)
    .then((r) => r.length > 0);
}

export async function addToWhitelist(db: Db, email: string): Promise<void> {
  await db.insert(adminWhitelist).values({ email: email.toLowerCase() }).onConflictDoNothing();
}
