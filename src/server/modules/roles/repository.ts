import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { users } from '../auth/tables';
import { adminWhitelist, userRoles } from './tables';

export function hasRole(db: Queryable, userId: string, role: 'admin'): Promise<boolean> {
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

/** Grants the role; false when the user had it already. */
export async function grantRole(db: Queryable, userId: string, role: 'admin'): Promise<boolean> {
  const added = await db.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning({ userId: userRoles.userId });
  return added.length > 0;
}

/** Removes the role; true when the user had it. */
export async function revokeRole(db: Queryable, userId: string, role: 'admin'): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return removed.length > 0;
}

/** Serialises the changes that could take away the last active admin (revoking the role, disabling an account). */
const ADMIN_CHANGE_LOCK_ID = 72_616_940;

/**
 * The users holding `role` who can act on it: not disabled, and not an invitation still waiting
 * to be accepted. Takes a transaction-level lock first, so that two admins revoking or disabling
 * each other at once are decided one after the other: the second waits for the first to commit
 * and then reads what it did (a new statement, a new snapshot under READ COMMITTED). Locking the
 * role rows alone was not enough: a concurrent ban changes `users`, not `user_roles`, and
 * PostgreSQL's re-check after a row lock re-reads only the locked table.
 */
export async function lockActiveHolders(tx: Queryable, role: 'admin'): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK_ID})`);
  const now = new Date();
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(userRoles.role, role), or(isNull(users.bannedUntil), lte(users.bannedUntil, now)), or(isNull(users.invitedAt), isNotNull(users.emailConfirmedAt))),
    );
  return rows.map((row) => row.userId);
}

export function isWhitelisted(db: Db, email: string): Promise<boolean> {
  return db
    .select({ email: adminWhitelist.email })
    .from(adminWhitelist)
    .where(sql`lower(${adminWhitelist.email}) = ${email.toLowerCase()}`)
    .then((r) => r.length > 0);
}

/** Adds the e-mail; false when it was there already. */
export async function addToWhitelist(db: Queryable, email: string): Promise<boolean> {
  const added = await db.insert(adminWhitelist).values({ email: email.toLowerCase() }).onConflictDoNothing().returning({ email: adminWhitelist.email });
  return added.length > 0;
}

/** Removes the e-mail; false when it was not there. */
export async function removeFromWhitelist(db: Queryable, email: string): Promise<boolean> {
  const removed = await db
    .delete(adminWhitelist)
    .where(sql`lower(${adminWhitelist.email}) = ${email.toLowerCase()}`)
    .returning({ email: adminWhitelist.email });
  return removed.length > 0;
}

export function listWhitelist(db: Queryable) {
  return db.select().from(adminWhitelist).orderBy(asc(adminWhitelist.email));
}
