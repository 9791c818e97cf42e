import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import { categoryInputSchema, categorySchema, type Category } from '../../../shared/schemas/podcasts';
import type { Db } from '../../db/client';
import { adminContentWrite, contentCacheFor, type CachedList } from '../../lib/response-cache';
import * as service from './service';

const categoryParams = z.object({ id: idParam(messages.content.categoryNotFound) });
const categoryListSchema = z.array(categorySchema);
/** The category list takes no query: one cached answer, whatever query string a client adds. */
const CATEGORY_LIST_KEY = 'categories';

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

  app.get('/:id', { schema: { tags: ['categories'], summary: 'One category', params: categoryParams, response: { 200: categorySchema } } }, async (request) =>
    service.getCategory(db, request.params.id),
  );

  app.post(
    '/',
    { ...admin, schema: { tags: ['categories'], summary: 'Add a category (admin)', body: categoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.status(201).send(await service.createCategory(db, request.body)),
  );

  app.put(
    '/:id',
    {
      ...admin,
      schema: {
        tags: ['categories'],
        summary: 'Rename or describe a category (admin)',
        params: categoryParams,
        body: categoryInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => service.updateCategory(db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...admin,
      schema: {
        tags: ['categories'],
        summary: 'Delete a category no podcast or material uses (admin); 409 otherwise',
        params: categoryParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteCategory(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
