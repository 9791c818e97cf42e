import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly, signedIn } from '../../plugins/authorize';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { grantSelfResponseSchema, rolesSchema } from '../../../shared/schemas/profile';
import { whitelistAddSchema, whitelistEntrySchema, whitelistParamsSchema } from '../../../shared/schemas/user-admin';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActorOf, recordAudit } from '../auth/audit';
import { addToWhitelist, getMyRoles, grantSelfAdmin, listWhitelist, removeFromWhitelist } from './service';

export const roleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/roles/me',
    { ...signedIn, schema: { tags: ['roles'], summary: 'Whether I am an admin, and whether I may become one', response: { 200: rolesSchema } } },
    async (request) => {
      const me = await request.requireUser();
      return getMyRoles(db, me.userId, me.email, request.log);
    },
  );

  app.post(
    '/admin/grant-self',
    { ...signedIn, schema: { tags: ['roles'], summary: '"Make Me Admin" for whitelisted e-mails', response: { 200: grantSelfResponseSchema } } },
    async (request) => {
      const me = await request.requireUser();
      if (await grantSelfAdmin(db, me.userId, me.email)) {
        await recordAudit(db, await auditActorOf(request), 'admin_granted', { userId: me.userId, email: me.email }, { via: 'whitelist' });
      }
      return { ok: true as const, message: messages.admin.roleGranted };
    },
  );

  app.get(
    '/admin/whitelist',
    {
      ...adminOnly,
      schema: {
        tags: ['roles'],
        summary: 'The e-mails that may grant themselves the admin role ("Make Me Admin")',
        response: { 200: z.array(whitelistEntrySchema) },
      },
    },
    async () => listWhitelist(db),
  );

  app.post(
    '/admin/whitelist',
    {
      ...adminOnly,
      schema: {
        tags: ['roles'],
        summary: 'Allow an e-mail to grant itself the admin role; adding one already there changes nothing',
        body: whitelistAddSchema,
        response: { 200: z.array(whitelistEntrySchema) },
      },
    },
    async (request) => {
      const actor = await auditActorOf(request);
      const { email } = request.body;
      await db.transaction(async (tx) => {
        if (await addToWhitelist(tx, email)) await recordAudit(tx, actor, 'whitelist_added', { email });
      });
      return listWhitelist(db);
    },
  );

  app.delete(
    '/admin/whitelist/:email',
    {
      ...adminOnly,
      schema: {
        tags: ['roles'],
        summary: 'Take an e-mail off the whitelist (an admin role it granted itself stays until revoked)',
        params: whitelistParamsSchema,
        response: { 200: z.array(whitelistEntrySchema) },
      },
    },
    async (request) => {
      const actor = await auditActorOf(request);
      const email = request.params.email.trim().toLowerCase();
      await db.transaction(async (tx) => {
        if (!(await removeFromWhitelist(tx, email))) throw new AppError(ErrorCode.notFound, messages.admin.whitelistNotFound, 404);
        await recordAudit(tx, actor, 'whitelist_removed', { email });
      });
      return listWhitelist(db);
    },
  );
};
