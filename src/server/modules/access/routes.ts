import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import { accessVerifyResultSchema, accessVerifySchema } from '../../../shared/schemas/access';
import type { Db } from '../../db/client';
import { verifyResourcePassword } from './service';

/** Enough for someone mistyping; far too few for guessing a shared password. */
export const ACCESS_ATTEMPTS_PER_MINUTE = 10;

/** `POST /api/access/verify`: the protected content gate (SPEC §2, §7) asks whether a password opens a resource. */
export const accessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const perIp = app.limiter({
    name: 'access-verify-ip',
    max: ACCESS_ATTEMPTS_PER_MINUTE,
    timeWindowMs: 60_000,
    key: (r) => r.ip,
    message: messages.protectedGate.tooManyAttempts,
  });

  app.post(
    '/access/verify',
    {
      preHandler: perIp,
      schema: {
        tags: ['access'],
        summary: 'Check the shared password of a protected resource such as investor_flyer',
        description: 'A wrong password and an unknown resource both answer `{authorized: false}`.',
        body: accessVerifySchema,
        response: { 200: accessVerifyResultSchema },
      },
    },
    async (request) => ({ authorized: await verifyResourcePassword(db, request.body.resource, request.body.password) }),
  );
};
