import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { assertAdminMfa } from '../auth/mfa';
import type { Principal } from '../auth/service';
import { isAdmin } from './service';

/** 401 when signed out, 403 when signed in without the admin role. */
export async function requireAdmin(db: Db, request: FastifyRequest): Promise<Principal> {
  const me = await request.requireUser();
  if (!(await isAdmin(db, me.userId, request.log))) {
    throw new AppError(ErrorCode.forbidden, messages.admin.adminRequired, 403);
  }
  await assertAdminMfa(db, me);
  return me;
}
