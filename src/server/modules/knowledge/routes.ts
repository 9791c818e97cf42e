import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  materialInputSchema,
  materialListQuerySchema,
  materialSchema,
  tagInputSchema,
  tagSchema,
  type Material,
  type MaterialListQuery,
} from '../../../shared/schemas/knowledge';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import type { Db } from '../../db/client';
import { contentFilesOf } from '../content-files/service';
import { adminContentWrite, contentCacheFor, type CachedList } from '../../lib/response-cache';
import { readerOf } from './policy';
import * as service from './service';

const materialParams = z.object({ id: idParam(messages.content.materialNotFound) });
const tagParams = z.object({ id: idParam(messages.content.tagNotFound) });
const materialListSchema = z.array(materialSchema);

/** `/api/knowledge`: materials (previews for guests, everything when signed in) and tags; admin writes. */
export const knowledgeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const admin = adminContentWrite(db);
  const cache = contentCacheFor(db);
  // Guests' previews and members' full materials are cached apart, each under its own key prefix.
  const guestList: CachedList<Material[], MaterialListQuery> = {
    schema: materialListSchema,
    load: (query) => service.listMaterials(db, query, 'guest'),
    visibility: 'public',
    vary: ['authorization'],
  };
  const memberList: CachedList<Material[], MaterialListQuery> = {
    schema: materialListSchema,
    load: (query) => service.listMaterials(db, query, 'member'),
    visibility: 'private',
    vary: ['authorization'],
  };

  app.get(
    '/materials',
    {
      // Security headers come from the content cache, precomputed (see JSON_SECURITY_HEADERS).
      helmet: false,
      schema: {
        tags: ['knowledge'],
        summary: 'Articles and whitepapers, newest first; `q` full-text (best match first), filters `category`, `tag` (id or name), `kind`, `featured`',
        description: 'Guests get previews: no `content` and no `file_url`, `preview: true`; signed-in users get everything.',
        querystring: materialListQuerySchema,
        response: { 200: materialListSchema },
      },
    },
    // Not async: a guest's cached answer is sent at once, without a promise.
    (request, reply) => {
      const reader = readerOf(request);
      if (reader === 'guest') return cache.send(request, reply, `guest:${request.url}`, guestList);
      return reader.then(async () => {
        await (cache.send(request, reply, `member:${request.url}`, memberList) ?? reply);
      });
    },
  );

  app.get(
    '/materials/:id',
    { schema: { tags: ['knowledge'], summary: 'One material (a preview for guests)', params: materialParams, response: { 200: materialSchema } } },
    async (request) => service.getMaterial(db, request.params.id, await readerOf(request)),
  );

  app.post(
    '/materials',
    {
      ...admin,
      schema: {
        tags: ['knowledge'],
        summary: 'Add a material (admin); `tags` is a list of tag ids',
        body: materialInputSchema,
        response: { 201: materialSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createMaterial(db, request.body)),
  );

  app.put(
    '/materials/:id',
    {
      ...admin,
      schema: {
        tags: ['knowledge'],
        summary: 'Update a material and its tags (admin)',
        params: materialParams,
        body: materialInputSchema,
        response: { 200: materialSchema },
      },
    },
    async (request) => service.updateMaterial(db, request.params.id, request.body, contentFilesOf(request)),
  );

  app.delete(
    '/materials/:id',
    { ...admin, schema: { tags: ['knowledge'], summary: 'Delete a material (admin)', params: materialParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteMaterial(db, request.params.id, contentFilesOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get('/tags', { schema: { tags: ['knowledge'], summary: 'Tags ordered by name', response: { 200: z.array(tagSchema) } } }, async () =>
    service.listTags(db),
  );

  app.get('/tags/:id', { schema: { tags: ['knowledge'], summary: 'One tag', params: tagParams, response: { 200: tagSchema } } }, async (request) =>
    service.getTag(db, request.params.id),
  );

  app.post(
    '/tags',
    { ...admin, schema: { tags: ['knowledge'], summary: 'Add a tag (admin)', body: tagInputSchema, response: { 201: tagSchema } } },
    async (request, reply) => reply.status(201).send(await service.createTag(db, request.body.name)),
  );

  app.put(
    '/tags/:id',
    { ...admin, schema: { tags: ['knowledge'], summary: 'Rename a tag (admin)', params: tagParams, body: tagInputSchema, response: { 200: tagSchema } } },
    async (request) => service.renameTag(db, request.params.id, request.body.name),
  );

  app.delete(
    '/tags/:id',
    {
      ...admin,
      schema: { tags: ['knowledge'], summary: 'Delete a tag and take it off every material (admin)', params: tagParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteTag(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
