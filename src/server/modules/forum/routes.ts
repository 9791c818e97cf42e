import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  POST_KINDS,
  activeMembersResponseSchema,
  approveInputSchema,
  createReplySchema,
  createTopicSchema,
  decisionListQuerySchema,
  decisionListResponseSchema,
  decisionResponseSchema,
  flagInputSchema,
  flagResponseSchema,
  forumCategoriesResponseSchema,
  forumStatsSchema,
  likeResponseSchema,
  lockInputSchema,
  moderationQueueResponseSchema,
  moveInputSchema,
  pageQuerySchema,
  pinInputSchema,
  rejectInputSchema,
  replyListResponseSchema,
  replySchema,
  saveResponseSchema,
  topicDetailSchema,
  topicListQuerySchema,
  topicListResponseSchema,
  updateReplySchema,
  updateTopicSchema,
} from '../../../shared/schemas/forum';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { adminOnly, signedIn } from '../../plugins/authorize';
import { idParam, isUuid, NOT_FOUND_ISSUE } from '../../../shared/schemas/ids';
import { createLlmClassifier } from './moderation/llm-classifier';
import { createModerator } from './moderation/moderator';
import { ForumService, type Viewer } from './service';

const topicParams = z.object({ id: idParam(messages.forum.topicNotFound) });
const replyParams = z.object({ id: idParam(messages.forum.topicNotFound), replyId: idParam(messages.forum.replyNotFound) });
const kindParams = z.object({ kind: z.enum(POST_KINDS, { error: "Kind must be 'topic' or 'reply'" }), id: z.string() }).superRefine(({ kind, id }, ctx) => {
  if (!isUuid(id))
    ctx.addIssue({
      code: 'custom',
      path: ['id'],
      message: kind === 'topic' ? messages.forum.topicNotFound : messages.forum.replyNotFound,
      params: NOT_FOUND_ISSUE,
    });
});
const empty = z.null();

/** The caller if a bearer token came (a bad one still answers 401/403), else a guest. */
async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  if (!request.headers.authorization) return { userId: null };
  return { userId: (await request.requireUser()).userId };
}

export interface ForumRouteOptions {
  db: Db;
  /** The LLM classifier's endpoint (the assistant's); null: no classifier. */
  llm: LlmConfig | null;
  /** Posting limit override (tests); defaults to FORUM.postsPerWindow per FORUM.postWindowSeconds. */
  postsPerWindow?: number;
}

/** `/api/forum`: topics, replies, likes, reports, saves, admin actions and the moderation queue (docs/forum-api.md). */
export const forumRoutes: FastifyPluginAsyncZod<ForumRouteOptions> = async (app, { db, llm, postsPerWindow }) => {
  const classifier = llm ? createLlmClassifier(llm, app.log.child({ module: 'forum-moderation' })) : undefined;
  const forum = new ForumService(db, createModerator(db, classifier));

  const userId = (request: FastifyRequest) => (request.principal as { userId: string }).userId;

  const postLimit = app.limiter({
    ...RATE_LIMITS.forumPosts,
    ...(postsPerWindow !== undefined ? { max: postsPerWindow } : {}),
    key: (request) => request.principal?.userId,
  });
  /** The per-user posting limit, after validation (bad input does not count), answering `posting_too_fast`. */
  const posting = {
    ...signedIn,
    preHandler: async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      try {
        await postLimit.call(app, request, reply);
      } catch (error) {
        if (error instanceof AppError && error.status === 429) throw new AppError(ErrorCode.postingTooFast, error.message, 429);
        throw error;
      }
    },
  };
  const tags = ['forum'];

  app.get(
    '/categories',
    { schema: { tags, summary: 'The six categories with live counts of published topics', response: { 200: forumCategoriesResponseSchema } } },
    async () => forum.listCategories(),
  );

  app.get(
    '/topics',
    {
      schema: {
        tags,
        summary: 'Topics: pinned first, then by sort; filters, search and tabs; guests get the 2-topic preview whatever they ask',
        querystring: topicListQuerySchema,
        response: { 200: topicListResponseSchema },
      },
    },
    async (request) => forum.listTopics(await viewerOf(request), request.query),
  );

  app.post(
    '/topics',
    {
      ...posting,
      schema: { tags, summary: 'Start a topic (moderated: status published or held)', body: createTopicSchema, response: { 201: topicDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await forum.createTopic(userId(request), request.body)),
  );

  app.get(
    '/topics/:id',
    { schema: { tags, summary: 'One topic (counts a view); guests only the preview topics', params: topicParams, response: { 200: topicDetailSchema } } },
    async (request) => forum.getTopic(await viewerOf(request), request.params.id),
  );

  app.patch(
    '/topics/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Edit your topic within 15 minutes (moderated again)',
        params: topicParams,
        body: updateTopicSchema,
        response: { 200: topicDetailSchema },
      },
    },
    async (request) => forum.updateTopic(userId(request), request.params.id, request.body),
  );

  app.delete(
    '/topics/:id',
    { ...adminOnly, schema: { tags, summary: 'Delete a topic and its replies (admin)', params: topicParams, response: { 204: empty } } },
    async (request, reply) => {
      await forum.deleteTopic(userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/topics/:id/pin',
    {
      ...adminOnly,
      schema: { tags, summary: 'Pin or unpin a topic (admin)', params: topicParams, body: pinInputSchema, response: { 200: topicDetailSchema } },
    },
    async (request) => forum.setPinned(userId(request), request.params.id, request.body.pinned),
  );

  app.put(
    '/topics/:id/lock',
    {
      ...adminOnly,
      schema: { tags, summary: 'Lock or unlock a topic (admin)', params: topicParams, body: lockInputSchema, response: { 200: topicDetailSchema } },
    },
    async (request) => forum.setLocked(userId(request), request.params.id, request.body.locked),
  );

  app.put(
    '/topics/:id/category',
    {
      ...adminOnly,
      schema: { tags, summary: 'Move a topic to another category (admin)', params: topicParams, body: moveInputSchema, response: { 200: topicDetailSchema } },
    },
    async (request) => forum.moveTopic(userId(request), request.params.id, request.body.categoryId),
  );

  for (const [method, liked] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/topics/:id/like',
      {
        ...signedIn,
        schema: { tags, summary: liked ? 'Like a topic (once per user)' : 'Take back a like', params: topicParams, response: { 200: likeResponseSchema } },
      },
      async (request) => forum.likeTopic(userId(request), request.params.id, liked),
    );
    app[method](
      '/topics/:id/replies/:replyId/like',
      {
        ...signedIn,
        schema: { tags, summary: liked ? 'Like a reply (once per user)' : 'Take back a like', params: replyParams, response: { 200: likeResponseSchema } },
      },
      async (request) => forum.likeReply(userId(request), request.params.id, request.params.replyId, liked),
    );
  }

  for (const [method, saved] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/topics/:id/save',
      { ...signedIn, schema: { tags, summary: saved ? 'Save a topic' : 'Unsave a topic', params: topicParams, response: { 200: saveResponseSchema } } },
      async (request) => forum.saveTopic(userId(request), request.params.id, saved),
    );
  }

  app.post(
    '/topics/:id/flag',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Report a topic; three reports hide it until reviewed',
        params: topicParams,
        body: flagInputSchema,
        response: { 201: flagResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await forum.flag(userId(request), 'topic', request.params.id, null, request.body.reason)),
  );

  app.get(
    '/topics/:id/replies',
    {
      ...signedIn,
      schema: { tags, summary: 'Replies, oldest first', params: topicParams, querystring: pageQuerySchema, response: { 200: replyListResponseSchema } },
    },
    async (request) => forum.listReplies(userId(request), request.params.id, request.query.page, request.query.pageSize),
  );

  app.post(
    '/topics/:id/replies',
    {
      ...posting,
      schema: {
        tags,
        summary: 'Reply to a topic (moderated: status published or held)',
        params: topicParams,
        body: createReplySchema,
        response: { 201: replySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await forum.createReply(userId(request), request.params.id, request.body.body)),
  );

  app.patch(
    '/topics/:id/replies/:replyId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Edit your reply within 15 minutes (moderated again)',
        params: replyParams,
        body: updateReplySchema,
        response: { 200: replySchema },
      },
    },
    async (request) => forum.updateReply(userId(request), request.params.id, request.params.replyId, request.body.body),
  );

  app.delete(
    '/topics/:id/replies/:replyId',
    { ...adminOnly, schema: { tags, summary: 'Delete a reply (admin)', params: replyParams, response: { 204: empty } } },
    async (request, reply) => {
      await forum.deleteReply(userId(request), request.params.id, request.params.replyId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/topics/:id/replies/:replyId/flag',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Report a reply; three reports hide it until reviewed',
        params: replyParams,
        body: flagInputSchema,
        response: { 201: flagResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forum.flag(userId(request), 'reply', request.params.id, request.params.replyId, request.body.reason)),
  );

  app.get(
    '/saved',
    {
      ...signedIn,
      schema: { tags, summary: 'Your saved topics, newest save first', querystring: pageQuerySchema, response: { 200: topicListResponseSchema } },
    },
    async (request) => forum.listSaved(userId(request), request.query.page, request.query.pageSize),
  );

  app.get(
    '/me/stats',
    { ...signedIn, schema: { tags, summary: 'Your published topics, replies, likes received and saved topics', response: { 200: forumStatsSchema } } },
    async (request) => forum.stats(userId(request)),
  );

  app.get(
    '/members/active',
    { ...signedIn, schema: { tags, summary: 'Most published posts in the last 30 days (at most 5)', response: { 200: activeMembersResponseSchema } } },
    async () => forum.activeMembers(),
  );

  app.get(
    '/moderation/queue',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Held and hidden posts, then reported ones (admin)',
        querystring: pageQuerySchema,
        response: { 200: moderationQueueResponseSchema },
      },
    },
    async (request) => forum.reviewQueue(request.query.page, request.query.pageSize),
  );

  app.post(
    '/moderation/:kind/:id/approve',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Publish a post and close its reports (admin)',
        params: kindParams,
        body: approveInputSchema.optional(),
        response: { 200: decisionResponseSchema },
      },
    },
    async (request) => forum.decide(userId(request), request.params.kind, request.params.id, 'approved', request.body?.reason ?? null),
  );

  app.post(
    '/moderation/:kind/:id/reject',
    {
      ...adminOnly,
      schema: { tags, summary: 'Reject a post with a reason (admin)', params: kindParams, body: rejectInputSchema, response: { 200: decisionResponseSchema } },
    },
    async (request) => forum.decide(userId(request), request.params.kind, request.params.id, 'rejected', request.body.reason),
  );

  app.get(
    '/moderation/decisions',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Recorded decisions, newest first (admin)',
        querystring: decisionListQuerySchema,
        response: { 200: decisionListResponseSchema },
      },
    },
    async (request) => forum.decisions(request.query),
  );
};
