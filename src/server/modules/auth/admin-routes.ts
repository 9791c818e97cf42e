import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import {
  adminCreateUserSchema,
  adminDeleteUserSchema,
  adminUpdateUserSchema,
  adminUserListSchema,
  adminUserSchema,
  inviteBodySchema,
  inviteQuerySchema,
  inviteSettingsSchema,
  listUsersQuerySchema,
} from '../../../shared/schemas/user-admin';
import { z } from 'zod';
import type { Config } from '../../config';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { adminOnly } from '../../plugins/authorize';
import { auditActorOf as actorOf } from './audit';
import type { UserAdmin } from './user-admin';

const userParams = z.object({ id: idParam(messages.users.notFound) });

/**
 * GoTrue's pagination headers: the total, and `next` / `last` links with `page` first (auth-js
 * reads the page number from the first `=` of each link).
 */
export function setPaginationHeaders(
  reply: FastifyReply,
  base: string,
  page: number,
  perPage: number,
  total: number,
  rest: Record<string, string | undefined> = {},
) {
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (to: number) => {
    const query = new URLSearchParams({ page: String(to), per_page: String(perPage) });
    for (const [key, value] of Object.entries(rest)) if (value) query.set(key, value);
    return `<${base}?${query.toString()}>`;
  };
  const links = [...(page < last ? [`${link(page + 1)}; rel="next"`] : []), `${link(last)}; rel="last"`];
  reply.header('x-total-count', String(total)).header('link', links.join(', '));
}

/**
 * GoTrue's admin API (issue 19), under /api/auth with the rest of the protocol so that auth-js's
 * `GoTrueAdminApi` works unchanged; authorised by an admin's access token (the admin role) where
 * GoTrue takes the service-role key.
 */
export const authAdminRoutes: FastifyPluginAsyncZod<{ users: UserAdmin; config: Config }> = async (app, { users, config }) => {
  const invitesPerAdmin = app.limiter({ ...RATE_LIMITS.invitesPerAdmin, key: (r) => r.principal?.userId });

  app.post(
    '/invite',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary:
          "Invite by e-mail (auth-js inviteUserByEmail): an account without a password and a link, valid 7 days, where the invitee sets one. Inviting a pending invitation again resends it. Without SMTP_URL the e-mail, link included, is written to the server's log.",
        querystring: inviteQuerySchema,
        body: inviteBodySchema,
        response: { 200: adminUserSchema },
      },
      preHandler: [invitesPerAdmin],
    },
    async (request) => {
      const { user } = await users.invite(await actorOf(request), request.body.email, { data: request.body.data, redirectTo: request.query.redirect_to });
      return user;
    },
  );

  app.get(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: 'List accounts, newest first (auth-js listUsers): page, per_page, and filter on e-mail, name or company; X-Total-Count and Link headers',
        querystring: listUsersQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage, filter } = request.query;
      const list = await users.list(request.query);
      setPaginationHeaders(reply, `${config.publicUrl}/api/auth/admin/users`, page, perPage, list.total, { filter });
      return list;
    },
  );

  app.post(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: 'Create an account (auth-js createUser); app_metadata.roles ["admin"] makes it an admin',
        body: adminCreateUserSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => users.create(await actorOf(request), request.body),
  );

  app.get(
    '/admin/users/:id',
    { ...adminOnly, schema: { tags: ['auth admin'], summary: 'One account (auth-js getUserById)', params: userParams, response: { 200: adminUserSchema } } },
    async (request) => users.get(request.params.id),
  );

  app.put(
    '/admin/users/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary:
          'Change an account (auth-js updateUserById): ban_duration "876000h" disables it and ends its sessions at once, "none" enables it; app_metadata.roles grants or revokes admin (never the last active admin); password; user_metadata',
        params: userParams,
        body: adminUpdateUserSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => users.update(await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary:
          'Delete an account (auth-js deleteUser): a pending invitation is revoked; an account in use is erased with its data as its owner would erase it (forum posts kept as "Deleted user" or removed, by ACCOUNT_DELETION_FORUM_POSTS). Never the last active admin (409)',
        params: userParams,
        body: adminDeleteUserSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => users.remove(await actorOf(request), request.params.id),
  );

  app.get(
    '/admin/invite-settings',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: 'How invitations are delivered: smtp, or log when SMTP_URL is not set (the link is then in the server log); how many days a link is valid',
        response: { 200: inviteSettingsSchema },
      },
    },
    async () => users.settings(),
  );
};
