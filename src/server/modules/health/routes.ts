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
          200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), db: z.literal('unreachable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await withinDeadline(database.ping());
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.warn(`health check: database unreachable: ${rootCauseMessage(error)}`);
        return reply.status(503).send({ status: 'error' as const, db: 'unreachable' as const });
      }
    },
  );
};
