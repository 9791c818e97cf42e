import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Counters one instance keeps when it has no Redis to share them through. */
const LOCAL_KEYS = 50_000;

/** INCR with the window set on the first hit; answers the count and the milliseconds left. */
const INCR_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type WithIncr = Redis & { tracksideIncr(key: string, windowMs: number, done: (error: Error | null, result: [number, number]) => void): void };

export interface CounterStoreState {
  /**
   * `none`: no Redis configured, counters in memory; `ok`: counters shared through Redis;
   * `unreachable`: Redis is configured but does not answer, limits hold per instance until it does.
   */
  readonly redis: 'none' | 'ok' | 'unreachable';
}

/**
 * The rate limiter's counters: in Redis when it is configured and answers, so that every
 * instance counts together; in this instance's memory otherwise, at once and without waiting
 * for Redis (limits must never switch off, nor stall requests, while Redis is down). Keys are
 * `prefix` + the limiter's own key (`signin-ip:203.0.113.7`).
 */
export function counterStore(options: { redis?: Redis; prefix: string; warn: (line: string) => void }): {
  Store: FastifyRateLimitStoreCtor;
  state: CounterStoreState;
} {
  const local = new LRUCache<string, { current: number; resetAt: number }>({ max: LOCAL_KEYS });
  const redis = options.redis as WithIncr | undefined;
  redis?.defineCommand('tracksideIncr', { numberOfKeys: 1, lua: INCR_IN_WINDOW });
  let warned = false;
  const state: CounterStoreState = {
    get redis() {
      if (!redis) return 'none';
      return redis.status === 'ready' ? 'ok' : 'unreachable';
    },
  };

  const countLocally = (key: string, windowMs: number): Counted => {
    const now = Date.now();
    const held = local.get(key);
    const entry = held && held.resetAt > now ? { current: held.current + 1, resetAt: held.resetAt } : { current: 1, resetAt: now + windowMs };
    local.set(key, entry);
    return { current: entry.current, ttl: entry.resetAt - now };
  };

  const fallBack = (reason: string) => {
    if (warned) return;
    warned = true;
    options.warn(`Redis unavailable (${reason}): rate limits are counted per instance until it answers again`);
  };

  class Store implements FastifyRateLimitStore {
    incr(key: string, done: Done, timeWindow: number): void {
      const fullKey = options.prefix + key;
      if (!redis || redis.status !== 'ready') {
        if (redis) fallBack(redis.status);
        done(null, countLocally(fullKey, timeWindow));
        return;
      }
      redis.tracksideIncr(fullKey, timeWindow, (error, result) => {
        if (error) {
          fallBack(error.message);
          done(null, countLocally(fullKey, timeWindow));
          return;
        }
        warned = false;
        done(null, { current: result[0], ttl: result[1] });
      });
    }

    child(): FastifyRateLimitStore {
      // Every limiter's key names its limit already; the route adds nothing.
      return this;
    }
  }
  return { Store, state };
}
