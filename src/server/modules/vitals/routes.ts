import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vitalBatchSchema, vitalSummaryQuerySchema, vitalSummarySchema } from '../../../shared/schemas/vitals';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { adminOnly } from '../../plugins/authorize';
import { recordVitals, summarizeVitals } from './service';

/** `POST /api/vitals` from every page (SPEC §7 analytics payload), summarised for admins. */
export const vitalRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const perIp = app.limiter({ ...RATE_LIMITS.vitalsByIp, key: (r) => r.ip });

  app.post(
    '/vitals',
    {
      preHandler: perIp,
      // Browsers send the batch with navigator.sendBeacon as it unloads: a small JSON body.
      bodyLimit: 16 * 1024,
      schema: { tags: ['vitals'], summary: 'Record web-vitals measurements of one page view', body: vitalBatchSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await recordVitals(db, request.body.metrics);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/vitals',
    {
      ...adminOnly,
      schema: {
        tags: ['vitals'],
        summary: '75th percentile of each metric per page, rated against the Core Web Vitals thresholds (admin)',
        querystring: vitalSummaryQuerySchema,
        response: { 200: z.array(vitalSummarySchema) },
      },
    },
    async (request) => summarizeVitals(db, request.query.days),
  );
};
