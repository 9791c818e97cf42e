import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/ids';
import { noticeListSchema, unreadNoticesSchema } from '../../../shared/schemas/notices';
import type { Db } from '../../db/client';
import { signedIn } from '../../plugins/authorize';
import { countUnreadNotices, listMyNotices, markAllNoticesRead, markNoticeRead, NOTICE_NOT_FOUND } from './service';

/** The signed-in user's in-app notices: the list, the bell's count, and marking them read. */
export const noticeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { ...signedIn, schema: { tags: ['notices'], summary: 'My newest notices (50) and how many are unread', response: { 200: noticeListSchema } } },
    async (request) => listMyNotices(db, (await request.requireUser()).userId),
  );

  app.get(
    '/unread',
    { ...signedIn, schema: { tags: ['notices'], summary: 'How many of my notices are unread', response: { 200: unreadNoticesSchema } } },
    async (request) => ({ unread: await countUnreadNotices(db, (await request.requireUser()).userId) }),
  );

  app.post(
    '/:id/read',
    {
      ...signedIn,
      schema: { tags: ['notices'], summary: 'Mark one of my notices read', params: z.object({ id: idParam(NOTICE_NOT_FOUND) }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await markNoticeRead(db, (await request.requireUser()).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/read-all',
    { ...signedIn, schema: { tags: ['notices'], summary: 'Mark all my notices read', response: { 204: z.null() } } },
    async (request, reply) => {
      await markAllNoticesRead(db, (await request.requireUser()).userId);
      return reply.status(204).send(null);
    },
  );
};
