import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clauseSchema, standardSummarySchema } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { getClause, listStandards } from './service';

/** The standards library: public reads. */
export const standardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { tags: ['standards'], summary: 'Standards with clause counts; enabled once clauses are loaded', response: { 200: z.array(standardSummarySchema) } } },
    async () => listStandards(db),
  );

  app.get(
    '/:code/clauses/:ref',
    {
      schema: {
        tags: ['standards'],
        summary: 'One clause with its full text',
        params: z.object({ code: z.string().min(1), ref: z.string().min(1) }),
        response: { 200: clauseSchema },
      },
    },
    async (request) => getClause(db, request.params.code, request.params.ref),
  );
};
