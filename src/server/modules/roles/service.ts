import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Roles } from '../../../shared/schemas/profile';
import type { WhitelistEntry } from '../../../shared/schemas/user-admin';
import type { Db, Queryable } from '../../db/client';
import * as repo from './repository';

/** SPEC §6: a failed check counts as not admin. */
export async function isAdmin(db: Db, userId: string, log?: FastifyBaseLogger): Promise<boolean> {
  try {
    return await repo.hasRole(db, userId, 'admin');
  } catch (error) {
    log?.warn({ err: error, userId }, 'admin role check failed; treating as not admin');
    return false;
  }
}

export async function getMyRoles(db: Db, userId: string, email: string, log?: FastifyBaseLogger): Promise<Roles> {
  const [admin, whitelisted] = await Promise.all([isAdmin(db, userId, log), repo.isWhitelisted(db, email).catch(() => false)]);
  return { admin, whitelisted };
}

/** "Make Me Admin": only for e-mails on the admin whitelist. True when the role is new. */
export async function grantSelfAdmin(db: Db, userId: string, email: string): Promise<boolean> {
  if (!(await repo.isWhitelisted(db, email))) {
    throw new AppError(ErrorCode.notWhitelisted, messages.admin.notWhitelisted, 403);
  }
  return repo.grantRole(db, userId, 'admin');
}

/** Grants the admin role; true when it is new. */
export const grantAdmin = (db: Queryable, userId: string) => repo.grantRole(db, userId, 'admin');

/** True when at least one account is an admin. */
export const adminExists = (db: Db) => repo.anyoneHasRole(db, 'admin');

/**
 * Inside a transaction: 409 last_admin when taking `userId` out of the active admins (revoking
 * its role, disabling its account) would leave Trackside with none. Holds a lock until the
 * transaction ends, so two such changes at once are decided one after the other.
 */
export async function assertNotLastAdmin(tx: Queryable, userId: string): Promise<void> {
  const active = await repo.lockActiveHolders(tx, 'admin');
  if (active.length === 1 && active[0] === userId) throw new AppError(ErrorCode.lastAdmin, messages.users.lastAdmin, 409);
}

/** Inside a transaction: revokes the admin role unless it is the last active admin's (409). True when the user had it. */
export async function revokeAdmin(tx: Queryable, userId: string): Promise<boolean> {
  await assertNotLastAdmin(tx, userId);
  return repo.revokeRole(tx, userId, 'admin');
}

/** Whether the user has the admin role (no fallback: for the admin API, where a failure must surface). */
export const hasAdminRole = (db: Queryable, userId: string) => repo.hasRole(db, userId, 'admin');

/** Adds an e-mail to the "Make Me Admin" whitelist; false when it was there already. */
export const addToWhitelist = (db: Queryable, email: string) => repo.addToWhitelist(db, email);

/** Removes an e-mail from the whitelist; false when it was not there. */
export const removeFromWhitelist = (db: Queryable, email: string) => repo.removeFromWhitelist(db, email);

export async function listWhitelist(db: Queryable): Promise<WhitelistEntry[]> {
  const rows = await repo.listWhitelist(db);
  return rows.map((r) => ({ email: r.email, created_at: r.createdAt.toISOString() }));
}
