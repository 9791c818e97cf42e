import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { dataExportListSchema, dataExportSchema } from '../../../shared/schemas/account';
import { idParam } from '../../../shared/schemas/ids';
import type { Db } from '../../db/client';
import { adminOnly, signedIn } from '../../plugins/authorize';
import { auditActorOf } from '../auth/audit';
import { hasAdminRole } from '../roles/service';
import type { StorageDriver } from '../uploads/storage';
import { AppError, ErrorCode } from '../../../shared/errors';
import type { UserAdmin } from '../auth/user-admin';
import type { ExportRunner } from './runner';
import { listExports, openExport, requestExport } from './service';

const exportParams = z.object({ id: idParam(messages.account.exportNotFound) });
const userParams = z.object({ id: idParam(messages.users.notFound) });

/**
 * "Download my data" (issue 19), under /api/auth beside the account's other operations: ask for
 * an export (202, prepared in the background), see how it goes, download the zip with the access
 * token in the Authorization header (never in the URL). An admin asks for and downloads a user's.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ db: Db; runner: ExportRunner; storage: StorageDriver; users: UserAdmin }> = async (
  app,
  { db, runner, storage, users },
) => {
  app.post(
    '/account/exports',
    {
      ...signedIn,
      schema: { tags: ['auth'], summary: 'Ask for a zip of my data (prepared in the background: 202, then poll)', response: { 202: dataExportSchema } },
    },
    async (request, reply) => {
      const actor = await auditActorOf(request);
      const principal = await request.requireUser();
      return reply.status(202).send(await requestExport(db, runner, { ...actor, id: principal.userId }, { userId: principal.userId, email: principal.email }));
    },
  );

  app.get(
    '/account/exports',
    { ...signedIn, schema: { tags: ['auth'], summary: 'My latest exports, newest first', response: { 200: dataExportListSchema } } },
    async (request) => ({ exports: await listExports(db, (await request.requireUser()).userId) }),
  );

  app.get(
    '/account/exports/:id/download',
    {
      ...signedIn,
      schema: { tags: ['auth'], summary: 'The zip of a ready export: its owner or an admin; 409 while it is not ready or once expired', params: exportParams },
    },
    async (request, reply) => {
      const principal = await request.requireUser();
      const actor = { ...(await auditActorOf(request)), id: principal.userId };
      const { object, createdAt } = await openExport(db, storage, actor, await hasAdminRole(db, principal.userId), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(object.size))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(`trackside-data-${createdAt.toISOString().slice(0, 10)}.zip`))
        .send(object.body);
    },
  );

  app.post(
    '/admin/users/:id/exports',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: "Ask for a zip of a user's data (202); the admin downloads it when ready",
        params: userParams,
        response: { 202: dataExportSchema },
      },
    },
    async (request, reply) => {
      const target = await users.get(request.params.id);
      if (!target.email) throw new AppError(ErrorCode.userNotFound, messages.users.notFound, 404);
      const actor = await auditActorOf(request);
      const principal = await request.requireUser();
      return reply.status(202).send(await requestExport(db, runner, { ...actor, id: principal.userId }, { userId: target.id, email: target.email }));
    },
  );

  app.get(
    '/admin/users/:id/exports',
    { ...adminOnly, schema: { tags: ['auth admin'], summary: "A user's latest exports", params: userParams, response: { 200: dataExportListSchema } } },
    async (request) => {
      await users.get(request.params.id);
      return { exports: await listExports(db, request.params.id) };
    },
  );
};
