import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryInputSchema,
  categorySchema,
  podcastInputSchema,
  podcastListQuerySchema,
  podcastSchema,
  type Category,
  type Podcast,
  type PodcastListQuery,
} from '../../../shared/schemas/podcasts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminOnly } from '../../plugins/authorize';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import { buildPodcastFeed } from './feed';
import { contentFilesOf } from './files';
import { contentCacheFor, contentWriteHooks, type CachedList } from './response-cache';
import * as service from './service';

const podcastParams = z.object({ id: idParam(messages.content.podcastNotFound) });
const categoryParams = z.object({ id: idParam(messages.content.categoryNotFound) });
const podcastListSchema = z.array(podcastSchema);
const categoryListSchema = z.array(categorySchema);
/** The category list takes no query: one cached answer, whatever query string a client adds. */
const CATEGORY_LIST_KEY = 'categories';

/**
 * Route options for content writes (podcasts, categories, materials, tags): admins only (the
 * guard runs first), then the cached content lists are cleared around the write.
 */
export const adminContentWrite = (db: Db) => {
  const cache = contentWriteHooks(db);
  return { ...adminOnly, onRequest: cache.onRequest, onResponse: cache.onResponse };
};

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

  app.get(
    '/:id',
    { schema: { tags: ['podcasts'], summary: 'One podcast', params: podcastParams, response: { 200: podcastSchema } } },
    async (request) => service.getPodcast(db, request.params.id),
  );

  app.post(
    '/',
    { ...admin, schema: { tags: ['podcasts'], summary: 'Add a podcast (admin)', body: podcastInputSchema, response: { 201: podcastSchema } } },
    async (request, reply) => reply.status(201).send(await service.createPodcast(db, request.body, contentFilesOf(request))),
  );

  app.put(
    '/:id',
    { ...admin, schema: { tags: ['podcasts'], summary: 'Update a podcast (admin)', params: podcastParams, body: podcastInputSchema, response: { 200: podcastSchema } } },
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

/** `/api/categories`: shared by podcasts and knowledge materials; public reads, admin writes. */
export const categoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const admin = adminContentWrite(db);
  const cache = contentCacheFor(db);
  const categoryList: CachedList<Category[], unknown> = { schema: categoryListSchema, load: () => service.listCategories(db) };

  app.get(
    '/',
    {
      // Security headers come from the content cache, precomputed (see JSON_SECURITY_HEADERS).
      helmet: false,
      schema: { tags: ['categories'], summary: 'Categories ordered by name', response: { 200: categoryListSchema } },
    },
    // Not async: a cached answer is sent at once, without a promise.
    (request, reply) => cache.send(request, reply, CATEGORY_LIST_KEY, categoryList),
  );

  app.get(
    '/:id',
    { schema: { tags: ['categories'], summary: 'One category', params: categoryParams, response: { 200: categorySchema } } },
    async (request) => service.getCategory(db, request.params.id),
  );

  app.post(
    '/',
    { ...admin, schema: { tags: ['categories'], summary: 'Add a category (admin)', body: categoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.status(201).send(await service.createCategory(db, request.body)),
  );

  app.put(
    '/:id',
    { ...admin, schema: { tags: ['categories'], summary: 'Rename or describe a category (admin)', params: categoryParams, body: categoryInputSchema, response: { 200: categorySchema } } },
    async (request) => service.updateCategory(db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...admin,
      schema: { tags: ['categories'], summary: 'Delete a category no podcast or material uses (admin); 409 otherwise', params: categoryParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteCategory(db, request.params.id);
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
