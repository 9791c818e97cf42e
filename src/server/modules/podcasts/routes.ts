import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { podcastInputSchema, podcastListQuerySchema, podcastSchema, type Podcast, type PodcastListQuery } from '../../../shared/schemas/podcasts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import { buildPodcastFeed } from './feed';
import { contentFilesOf } from '../content-files/service';
import { adminContentWrite, contentCacheFor, type CachedList } from '../../lib/response-cache';
import * as service from './service';

const podcastParams = z.object({ id: idParam(messages.content.podcastNotFound) });
const podcastListSchema = z.array(podcastSchema);

/** `/api/podcasts`: public reads (SPEC §6 podcast library), admin writes. */
export const podcastRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const admin = adminContentWrite(db);
  const cache = contentCacheFor(db);
  const podcastList: CachedList<Podcast[], PodcastListQuery> = { schema: podcastListSchema, load: (query) => service.listPodcasts(db, query) };

  app.get(
    '/',
    {
      // Security headers come from the content cache, precomputed (see JSON_SECURITY_HEADERS).
      helmet: false,
      schema: {
        tags: ['podcasts'],
        summary: 'Podcasts with their category, newest publish date first; `q` searches title and description (best match first)',
        querystring: podcastListQuerySchema,
        response: { 200: podcastListSchema },
      },
    },
    // Not async: a cached answer is sent at once, without a promise.
    (request, reply) => cache.send(request, reply, request.url, podcastList),
  );

  app.get('/:id', { schema: { tags: ['podcasts'], summary: 'One podcast', params: podcastParams, response: { 200: podcastSchema } } }, async (request) =>
    service.getPodcast(db, request.params.id),
  );

  app.post(
    '/',
    { ...admin, schema: { tags: ['podcasts'], summary: 'Add a podcast (admin)', body: podcastInputSchema, response: { 201: podcastSchema } } },
    async (request, reply) => reply.status(201).send(await service.createPodcast(db, request.body, contentFilesOf(request))),
  );

  app.put(
    '/:id',
    {
      ...admin,
      schema: { tags: ['podcasts'], summary: 'Update a podcast (admin)', params: podcastParams, body: podcastInputSchema, response: { 200: podcastSchema } },
    },
    async (request) => service.updatePodcast(db, request.params.id, request.body, contentFilesOf(request)),
  );

  app.delete(
    '/:id',
    { ...admin, schema: { tags: ['podcasts'], summary: 'Delete a podcast (admin)', params: podcastParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deletePodcast(db, request.params.id, contentFilesOf(request));
      return reply.status(204).send(null);
    },
  );
};

/** `GET /podcasts.xml`: RSS 2.0 feed of the podcast library (outside /api, for podcast apps). */
export const podcastFeedRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/podcasts.xml',
    { schema: { tags: ['podcasts'], summary: 'RSS 2.0 feed of the podcasts, with an enclosure per episode that has audio' } },
    async (_request, reply) => {
      const xml = buildPodcastFeed(await service.listPodcasts(db), config.publicUrl);
      return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
    },
  );
};
