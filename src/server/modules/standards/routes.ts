import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clauseSchema, sectionSchema, sectionSummarySchema, standardSummarySchema } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { getClause, getSection, listSections, listStandards } from './service';

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

  app.get(
    '/:code/sections',
    {
      schema: { tags: ['standards'], summary: 'Table of contents: every section, in document order', params: z.object({ code: z.string().min(1) }), response: { 200: z.array(sectionSummarySchema) } },
    },
    async (request) => listSections(db, request.params.code),
  );

  app.get(
    '/:code/sections/:section',
    {
      schema: {
        tags: ['standards'],
        summary: 'One section with all of its clauses',
        params: z.object({ code: z.string().min(1), section: z.string().min(1) }),
        response: { 200: sectionSchema },
      },
    },
    async (request) => getSection(db, request.params.code, request.params.section),
  );
};
