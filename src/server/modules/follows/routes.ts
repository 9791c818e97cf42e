import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followedStandardSchema, followListSchema, followParamsSchema } from '../../../shared/schemas/notices';
import type { Db } from '../../db/client';
import { signedIn } from '../../plugins/authorize';
import { followStandard, listFollowedStandards, unfollowStandard } from './service';

/** The standards the signed-in user follows: a new edition of one of their documents brings a notice. */
export const followRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', { ...signedIn, schema: { tags: ['follows'], summary: 'The standards I follow', response: { 200: followListSchema } } }, async (request) => ({
    standards: await listFollowedStandards(db, (await request.requireUser()).userId),
  }));

  app.put(
    '/:code',
    {
      ...signedIn,
      schema: {
        tags: ['follows'],
        summary: 'Follow a standard (by code or name): each new edition of one of its documents brings me a notice',
        params: followParamsSchema,
        response: { 200: followedStandardSchema },
      },
    },
    async (request) => followStandard(db, (await request.requireUser()).userId, request.params.code),
  );

  app.delete(
    '/:code',
    {
      ...signedIn,
      schema: { tags: ['follows'], summary: 'Stop following a standard', params: followParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await unfollowStandard(db, (await request.requireUser()).userId, request.params.code);
      return reply.status(204).send(null);
    },
  );
};
