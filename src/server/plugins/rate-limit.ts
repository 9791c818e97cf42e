import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError, ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { counterStore, type CounterStoreState } from '../lib/counter-store';

export interface LimiterOptions {
  /** Distinguishes this limiter's counters from every other's. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The counted identity (an IP, an e-mail, a user id); undefined skips the limit. */
  key: (request: FastifyRequest) => string | undefined;
  code?: ErrorCode;
  message?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler enforcing one limit; several may guard one route. `max: 0` turns it off. */
    limiter(options: LimiterOptions): preHandlerAsyncHookHandler;
    /** Where the counters are kept now (health reports a Redis that does not answer). */
    rateLimitState: CounterStoreState;
  }
}

/** Longest a Redis command may take before the counter is kept in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Counters live in Redis when `redisUrl` is set, so that every instance behind a load balancer
 * shares them, and in memory otherwise or while Redis does not answer. Over the limit: 429
 * `{error, code}` with Retry-After.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; nameSpace?: string }) => {
  // No offline queue and a short command timeout: a Redis that is down or slow costs a request nothing.
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: REDIS_COMMAND_TIMEOUT_MS })
    : undefined;
  // Connection errors are reported once by the store, as the fallback it causes; ioredis keeps reconnecting.
  redis?.on('error', () => undefined);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const { Store, state } = counterStore({ redis, prefix: opts.nameSpace ?? 'trackside-rl:', warn: (line) => app.log.warn(line) });
  app.decorate('rateLimitState', state);
  await app.register(rateLimit, { global: false, store: Store });

  app.decorate('limiter', (options: LimiterOptions): preHandlerAsyncHookHandler => {
    if (options.max <= 0) return async () => {};
    const check = app.createRateLimit({
      max: options.max,
      timeWindow: options.timeWindowMs,
      keyGenerator: (req) => `${options.name}:${options.key(req)}`,
    });
    return async (request, reply) => {
      if (options.key(request) === undefined) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(options.code ?? ErrorCode.overRequestRateLimit, options.message ?? messages.auth.overRequestRateLimit, 429);
      }
    };
  });
});
