import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clauseSchema, sectionSchema, sectionSummarySchema, standardDetailSchema, standardSummarySchema } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { contentCacheFor, type CachedList } from '../../lib/response-cache';
import { getClause, getSection, getStandardDetail, listSections, listStandards } from './service';

const standardListSchema = z.array(standardSummarySchema);
const sectionListSchema = z.array(sectionSummarySchema);

/**
 * The standards library: public reads. The list of standards and each standard's table of
 * contents (a thousand sections, some 260 kB of JSON for the bundled library) come from the
 * content cache, compressed and with an ETag, like the other public lists (decision 002: fixed
 * security headers instead of helmet's); imports by an admin clear it.
 */
export const standardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cache = contentCacheFor(db);
  const standardList: CachedList<z.infer<typeof standardListSchema>, unknown> = { schema: standardListSchema, load: () => listStandards(db) };

  app.get(
    '/',
    {
      // Security headers come from the content cache, precomputed (see JSON_SECURITY_HEADERS).
      helmet: false,
      schema: { tags: ['standards'], summary: 'Standards with clause counts; enabled once clauses are loaded', response: { 200: standardListSchema } },
    },
    (request, reply) => cache.send(request, reply, request.url, standardList),
  );

  app.get(
    '/:code',
    {
      helmet: false,
      schema: {
        tags: ['standards'],
        summary: 'One standard with its documents: each one\'s edition, source, discipline and clause count',
        params: z.object({ code: z.string().min(1) }),
        response: { 200: standardDetailSchema },
      },
    },
    // Keyed by the URL, which names the standard, as the table of contents is.
    (request, reply) => cache.send(request, reply, request.url, { schema: standardDetailSchema, load: () => getStandardDetail(db, request.params.code) }),
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
      helmet: false,
      schema: {
        tags: ['standards'],
        summary: 'Table of contents: every section, in document order',
        params: z.object({ code: z.string().min(1) }),
        response: { 200: sectionListSchema },
      },
    },
    // Keyed by the URL, which names the standard: the list read for it is the one cached under it.
    (request, reply) => cache.send(request, reply, request.url, { schema: sectionListSchema, load: () => listSections(db, request.params.code) }),
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
