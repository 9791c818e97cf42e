import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentEditionsSchema, editionChangesQuerySchema, editionChangesSchema, standardDocumentEditionsSchema } from '../../../shared/schemas/editions';
import type { Db } from '../../db/client';
import { getEditionChanges, listDocumentEditions, listStandardDocumentEditions } from './service';

const codeParam = z.string().trim().min(1).max(200);

/**
 * Editions of the library's documents and what changed between two of them: public reads, like
 * the rest of `/api/standards`, since they show only the library's own (public) text. Who follows
 * what, and their notices, are signed-in routes elsewhere (`/api/follows`, `/api/notices`).
 */
export const standardEditionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/:code/documents',
    {
      schema: {
        tags: ['standards'],
        summary: "A standard's documents, each with its editions (the one in force first)",
        params: z.object({ code: codeParam }),
        response: { 200: standardDocumentEditionsSchema },
      },
    },
    async (request) => listStandardDocumentEditions(db, request.params.code),
  );

  app.get(
    '/:code/documents/:title/editions',
    {
      schema: {
        tags: ['standards'],
        summary: 'The editions of one document, the one in force first, with what each new edition changed',
        params: z.object({ code: codeParam, title: z.string().trim().min(1).max(300) }),
        response: { 200: documentEditionsSchema },
      },
    },
    async (request) => listDocumentEditions(db, request.params.code, request.params.title),
  );

  app.get(
    '/:code/changes',
    {
      schema: {
        tags: ['standards'],
        summary: 'What changed in a document between two editions: clauses added, removed and changed, with the words of each change',
        description: 'Without `to`, the edition in force; without `from`, the edition before `to`.',
        params: z.object({ code: codeParam }),
        querystring: editionChangesQuerySchema,
        response: { 200: editionChangesSchema },
      },
    },
    async (request) => getEditionChanges(db, request.params.code, request.query),
  );
};
