import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorCode } from '../../../shared/errors';
import { chatRequestSchema, chatResponseSchema, threadSchema, threadSummarySchema } from '../../../shared/schemas/chat';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { signedIn } from '../../plugins/authorize';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import type { Embedder } from '../standards/embeddings';
import { extractiveAnswerProvider, type AnswerProvider } from './answer-provider';
import { askQuestion, deleteMyThread, getMyThread, listMyThreads } from './service';

/** Splits an answer into small pieces for streaming, keeping words and line breaks whole. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export interface ChatRoutesOptions {
  db: Db;
  /** How answers are made (app.ts picks it from the configuration); extractive by default. */
  answers?: AnswerProvider;
  /** Set when embeddings are configured: retrieval fuses similarity of meaning with full-text ranking. */
  embedder?: Embedder | undefined;
}

const threadParams = z.object({ id: idParam(messages.chat.threadNotFound) });

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, answers = extractiveAnswerProvider, embedder }) => {
  const perUser = app.limiter({ ...RATE_LIMITS.chatPerUser, key: (r) => r.principal?.userId });

  app.post(
    '/',
    {
      schema: { tags: ['chat'], summary: 'Ask the Compliance Assistant', body: chatRequestSchema, response: { 200: chatResponseSchema } },
      ...signedIn,
      preHandler: [perUser],
    },
    async (request) => askQuestion(db, request.principal!.userId, request.body, { provider: answers, embedder }),
  );

  app.post(
    '/stream',
    {
      schema: { tags: ['chat'], summary: 'Ask, with the answer streamed as Server-Sent Events (token, done, error)', body: chatRequestSchema },
      ...signedIn,
      preHandler: [perUser],
    },
    async (request, reply) => {
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      try {
        // Generative mode: the model's tokens as they arrive. The done event carries the verified
        // answer, which may differ from what was streamed (clients show done.response).
        let streamed = false;
        const onToken = (text: string) => {
          streamed = true;
          send('token', { text });
        };
        // A client that disconnects stops the model (the exchange is still stored, answered extractively).
        const gone = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) gone.abort();
        });
        const result = await askQuestion(db, request.principal!.userId, request.body, { provider: answers, embedder, onToken, signal: gone.signal });
        // Extractive answers (and generative fallbacks that streamed nothing) arrive whole: send them in pieces.
        if (!streamed) for (const text of pieces(result.response)) send('token', { text });
        send('done', result);
      } catch (error) {
        const known = error instanceof AppError;
        if (!known) request.log.error({ err: error }, 'chat stream failed');
        send('error', known ? { error: error.message, code: error.code } : { error: 'An unexpected error occurred', code: ErrorCode.internal });
      }
      reply.raw.end();
      return reply;
    },
  );

  app.get(
    '/threads',
    { schema: { tags: ['chat'], summary: 'My conversations, newest first', response: { 200: z.array(threadSummarySchema) } }, ...signedIn },
    async (request) => listMyThreads(db, request.principal!.userId),
  );

  app.get(
    '/threads/:id',
    { schema: { tags: ['chat'], summary: 'One of my conversations with its messages', params: threadParams, response: { 200: threadSchema } }, ...signedIn },
    async (request) => getMyThread(db, request.principal!.userId, request.params.id),
  );

  app.delete(
    '/threads/:id',
    { schema: { tags: ['chat'], summary: 'Delete one of my conversations', params: threadParams }, ...signedIn },
    async (request, reply) => {
      await deleteMyThread(db, request.principal!.userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
