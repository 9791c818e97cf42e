import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rootCauseMessage } from '../../db/pg-errors';

/** Health answers within this, whatever the database does (a frozen one counts as unreachable). */
export const HEALTH_DEADLINE_MS = 1500;

function withinDeadline(check: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_DEADLINE_MS} ms`)), HEALTH_DEADLINE_MS);
  });
  return Promise.race([check, deadline]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          // `degraded`: serving, but Redis (shared rate-limit counters) does not answer.
          200: z.object({ status: z.enum(['ok', 'degraded']), db: z.literal('ok'), redis: z.enum(['ok', 'unreachable']).optional() }),
          503: z.object({ status: z.literal('error'), db: z.literal('unreachable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await withinDeadline(database.ping());
        const redis = app.rateLimitState.redis;
        if (redis === 'none') return { status: 'ok' as const, db: 'ok' as const };
        return { status: redis === 'ok' ? ('ok' as const) : ('degraded' as const), db: 'ok' as const, redis };
      } catch (error) {
        request.log.warn(`health check: database unreachable: ${rootCauseMessage(error)}`);
        return reply.status(503).send({ status: 'error' as const, db: 'unreachable' as const });
      }
    },
  );
};
