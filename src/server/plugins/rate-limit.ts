import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError, ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';

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
  }
}

/**
 * Counters live in memory, or in Redis when `redisUrl` is set so that every instance behind
 * a load balancer shares them. Over the limit: 429 `{error, code}` with Retry-After.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; nameSpace?: string }) => {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: opts.nameSpace ?? 'trackside-rl:' } : {}),
  });

  app.decorate('limiter', (options: LimiterOptions): preHandlerAsyncHookHandler => {
    if (options.max <= 0) return async () => {};
    const check = app.createRateLimit({
      max: options.max,
      timeWindow: options.timeWindowMs,
      keyGenerator: (req) => `${options.name}:${options.key(req)}`,
      // A store outage (Redis down) must not take sign-in down with it.
      skipOnError: true,
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
