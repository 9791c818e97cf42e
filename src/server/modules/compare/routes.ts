import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import { compareExportQuerySchema, compareRequestSchema, compareResponseSchema } from '../../../shared/schemas/compare';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { signedIn } from '../../plugins/authorize';
import type { Embedder } from '../standards/embeddings';
import { comparisonCsv, comparisonDocx, EXPORT_TYPES } from './export';
import { compareStandards } from './service';

export interface CompareRoutesOptions {
  db: Db;
  /** Where browsers reach Trackside: exported files link each clause there. */
  publicUrl: string;
  embedder?: Embedder | undefined;
}

/** The comparison of standards: the matrix as JSON, and the same as a DOCX or CSV file. Signed-in users only. */
export const compareRoutes: FastifyPluginAsyncZod<CompareRoutesOptions> = async (app, { db, publicUrl, embedder }) => {
  const perUser = app.limiter({ ...RATE_LIMITS.comparePerUser, key: (r) => r.principal?.userId });

  app.post(
    '/',
    {
      ...signedIn,
      preHandler: [perUser],
      schema: {
        tags: ['compare'],
        summary: 'Compare standards on a topic: per standard the clauses that govern it, quoted, or status none; values of the same parameter side by side',
        description:
          'Body: `topic` and `standards` (two or more codes or names of loaded standards). 400 names unknown or unloaded standards and refuses fewer than two.',
        body: compareRequestSchema,
        response: { 200: compareResponseSchema },
      },
    },
    async (request) => compareStandards(db, request.body, { embedder }),
  );

  app.post(
    '/export',
    {
      ...signedIn,
      preHandler: [perUser],
      schema: {
        tags: ['compare'],
        summary: 'The comparison as a file: `format=docx` (Word) or `format=csv`',
        querystring: compareExportQuerySchema,
        body: compareRequestSchema,
        produces: [EXPORT_TYPES.docx, EXPORT_TYPES.csv],
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const comparison = await compareStandards(db, request.body, { embedder });
      const data = format === 'docx' ? Buffer.from(await comparisonDocx(comparison, { publicUrl })) : comparisonCsv(comparison, { publicUrl });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', contentDisposition(messages.comparePage.fileName(comparison.topic, format)))
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
};
