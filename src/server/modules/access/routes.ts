import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessVerifyResultSchema, accessVerifySchema } from '../../../shared/schemas/access';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { verifyResourcePassword } from './service';

/** `POST /api/access/verify`: the protected content gate (SPEC §2, §7) asks whether a password opens a resource. */
export const accessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const perIp = app.limiter({ ...RATE_LIMITS.accessVerifyByIp, key: (r) => r.ip });

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
