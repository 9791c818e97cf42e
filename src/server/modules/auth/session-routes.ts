import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeOthersResultSchema, sessionListSchema, sessionParamsSchema } from '../../../shared/schemas/sessions';
import type { Db } from '../../db/client';
import { signedIn } from '../../plugins/authorize';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from './sessions';

/**
 * The signed-in user's own sessions (issue 19): list them, sign one out, sign out all the others.
 * Not part of GoTrue (which has only `/logout?scope=others`); under /api/auth beside it. Nobody,
 * an admin included, sees or ends another user's sessions here.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/sessions',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'My sessions: device, address and last use of each sign-in not ended; `current` marks the one asking',
        response: { 200: sessionListSchema },
      },
    },
    async (request) => ({ sessions: await listMySessions(db, await request.requireUser()) }),
  );

  app.delete(
    '/sessions/:id',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of my sessions (its tokens stop working at once); 404 for any other id',
        params: sessionParamsSchema,
      },
    },
    async (request, reply) => {
      await revokeMySession(db, await request.requireUser(), request.params.id, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out every session of mine but this one',
        response: { 200: revokeOthersResultSchema },
      },
    },
    async (request) => ({ revoked: await revokeMyOtherSessions(db, await request.requireUser(), request.ip) }),
  );
};
