import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Roles } from '../../../shared/schemas/profile';
import type { Db } from '../../db/client';
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

/** "Make Me Admin": only for e-mails on the admin whitelist. */
export async function grantSelfAdmin(db: Db, userId: string, email: string): Promise<void> {
  if (!(await repo.isWhitelisted(db, email))) {
    throw new AppError(ErrorCode.notWhitelisted, messages.admin.notWhitelisted, 403);
  }
  await repo.grantRole(db, userId, 'admin');
}

export const grantAdmin = (db: Db, userId: string) => repo.grantRole(db, userId, 'admin');
/** True when at least one account is an admin. */
export const adminExists = (db: Db) => repo.anyoneHasRole(db, 'admin');
export const addToWhitelist = repo.addToWhitelist;
