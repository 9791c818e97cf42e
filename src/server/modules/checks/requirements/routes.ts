import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirementsQuerySchema, requirementsResponseSchema } from '../../../../shared/schemas/requirements';
import type { Db } from '../../../db/client';
import { adminOnly } from '../../../plugins/authorize';
import { loadRequirements, partOf } from './library';

/** The requirements library for admins: every requirement as verified against the library now, and the load report. */
export const requirementsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Requirements (limits with their clause and quoted words), verified against the standards library now',
        description: 'Filters: `status` (enabled | disabled), `part` (a CFR part such as 213), `parameter`. The report always covers the whole library.',
        querystring: requirementsQuerySchema,
        response: { 200: requirementsResponseSchema },
      },
    },
    async (request) => {
      const { status, part, parameter } = request.query;
      const { requirements, report } = await loadRequirements(db);
      return {
        report,
        requirements: requirements.filter(
          (r) => (!status || r.status === status) && (!part || partOf(r.ref) === part) && (!parameter || r.parameter === parameter),
        ),
      };
    },
  );
};
