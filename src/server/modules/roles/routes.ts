import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/authorize';
import { messages } from '../../../shared/messages';
import { grantSelfResponseSchema, rolesSchema } from '../../../shared/schemas/profile';
import type { Db } from '../../db/client';
import { getMyRoles, grantSelfAdmin } from './service';

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
      await grantSelfAdmin(db, me.userId, me.email);
      return { ok: true as const, message: messages.admin.roleGranted };
    },
  );
};
