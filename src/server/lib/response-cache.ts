import { brotliCompress, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { adminOnly } from '../plugins/authorize';
import { acceptedEncodings, etagMatches, etagOf } from './http-caching';

/** How long a cached list may be served before it is read again (bounds staleness across instances). */
export const CONTENT_CACHE_TTL_MS = 2_000;
/** The most memory cached lists may take (bodies and their compressed copies). */
export const CONTENT_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Bodies smaller than this are sent as they are: compression would gain little. */
const COMPRESS_MIN_BYTES = 1024;
/** An answer asked for this often gets a Brotli copy (made once, off the event loop). */
const BROTLI_AFTER_REQUESTS = 2;
/**
 * Brotli quality of those copies: 10 is within ~4 % of 11's size at a seventh of its CPU time
 * (a 70 KB list: ~8 ms against ~60), which bounds what many distinct searches can cost.
 */
const BROTLI_QUALITY = 10;

/**
 * Security headers of the cached lists, fixed once: those @fastify/helmet gives every other
 * answer (response-cache.test.ts checks they stay the same), except a Content-Security-Policy for a JSON
 * body that loads nothing. The cached list routes opt out of the helmet plugin because it
 * rebuilds helmet's middleware, parsing the whole CSP, on every request: a third or more of the
 * CPU time of serving a cached list.
 */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

type Headers = Readonly<Record<string, string>>;

/** One encoding of a cached answer with every header it is sent with, made once. */
interface Variant {
  body: Buffer;
  headers: Headers;
}

interface Entry {
  etag: string;
  loadedAt: number;
  /** Requests answered from this entry (decides when a Brotli copy is worth making). */
  requests: number;
  identity: Variant;
  /** Made on the first request that accepts gzip. */
  gzip?: Variant;
  /** Made in the background once the answer is asked for again; gzip serves until then. */
  br?: Variant;
  brStarted?: boolean;
}

/**
 * A cached list route: its response schema, how it reads its answer, how that answer may be
 * cached by browsers. Made once per route (not per request).
 */
export interface CachedList<T, Q> {
  /** The route's response schema: the cached body is exactly what the route would send. */
  schema: z.ZodType<T>;
  /** Reads the answer from the database when it is not cached, for the route's validated query. */
  load: (query: Q) => Promise<T>;
  /** `private` for answers that depend on who is signed in. */
  visibility?: 'public' | 'private';
  /** Request headers the answer varies with, beyond Accept-Encoding. */
  vary?: string[];
}

/**
 * Serialised answers of the public content lists (podcasts, Knowledge Hub materials) kept in
 * memory, so that the library and hub pages, read far more often than they change, cost a
 * lookup rather than a query and a serialisation.
 *
 * - Any content write through this instance clears it (admin write routes' hooks, as the write
 *   starts and as it ends, with a generation check so that a read racing a write never stores
 *   the old answer).
 * - Writes by other instances (several servers on one PostgreSQL) show within
 *   {@link CONTENT_CACHE_TTL_MS}: an older answer is served once more while one fresh read runs.
 * - One read per answer at a time, however many requests wait for it (no stampede).
 * - Answers carry an ETag (304 on If-None-Match) and are sent compressed to clients that accept
 *   it: gzip made once per answer on first need, Brotli (smaller still) made once in the
 *   background for answers asked for more than once. Each encoding's full header set is built
 *   once too, so that a cached answer costs a lookup and a write.
 *
 * Routes using it set `helmet: false` and get {@link JSON_SECURITY_HEADERS} from here instead.
 */
export class ContentResponseCache {
  private generation = 0;
  private readonly ttlMs: number;
  private readonly entries: LRUCache<string, Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly compressing = new Set<Promise<void>>();

  constructor(options: { ttlMs?: number; maxBytes?: number } = {}) {
    this.ttlMs = options.ttlMs ?? CONTENT_CACHE_TTL_MS;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? CONTENT_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => entry.identity.body.length + (entry.gzip?.body.length ?? 0) + (entry.br?.body.length ?? 0) + 1024,
    });
  }

  /** Forgets every cached answer (content changed); reads already under way are not stored. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Resolves once the Brotli copies being made now are stored (for tests). */
  async settled(): Promise<void> {
    while (this.compressing.size > 0) await Promise.all(this.compressing);
  }

  /**
   * Sends the cached answer for `key` (the request URL, plus the kind of reader where that
   * matters), loading and caching it first when there is none. Synchronous when it is cached
   * (returns nothing, so that Fastify has no promise to wait for); otherwise a promise that
   * settles once the reply has been sent (as an async handler's `return reply` would).
   */
  send<T, Q>(request: FastifyRequest & { query: Q }, reply: FastifyReply, key: string, list: CachedList<T, Q>): undefined | Promise<void> {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return this.load(key, list, request).then(async (loaded) => {
        this.reply(request, reply, key, loaded);
        await reply;
      });
    }
    if (Date.now() - entry.loadedAt > this.ttlMs) {
      // Past its time: this request still gets it while a fresh read runs for the next ones.
      this.load(key, list, request).catch((error: unknown) => request.log.warn({ err: error }, 'could not refresh a cached content list'));
    }
    this.reply(request, reply, key, entry);
    return undefined;
  }

  private reply(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry): void {
    entry.requests += 1;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, entry.etag)) {
      reply.headers(entry.identity.headers).status(304).send();
      return;
    }
    const variant = this.variantFor(key, entry, request.headers['accept-encoding']);
    reply.headers(variant.headers).send(variant.body);
  }

  /** The encoding to send: the client's preferred one among those this answer has (or can make now). */
  private variantFor(key: string, entry: Entry, acceptEncoding: string | undefined): Variant {
    if (entry.identity.body.length < COMPRESS_MIN_BYTES) return entry.identity;
    for (const coding of acceptedEncodings(acceptEncoding)) {
      if (coding === 'br') {
        if (entry.br) return entry.br;
        if (!entry.brStarted && entry.requests >= BROTLI_AFTER_REQUESTS) this.makeBrotli(key, entry);
      } else {
        if (!entry.gzip) {
          entry.gzip = variantOf(entry.identity, gzipSync(entry.identity.body), 'gzip');
          this.resize(key, entry);
        }
        return entry.gzip;
      }
    }
    return entry.identity;
  }

  /** Compresses an answer with Brotli on the thread pool; gzip serves meanwhile. */
  private makeBrotli(key: string, entry: Entry): void {
    entry.brStarted = true;
    const { body } = entry.identity;
    const params = { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
    const done = new Promise<void>((resolve) => {
      brotliCompress(body, { params }, (error, compressed) => {
        // On failure gzip keeps serving; nothing to report to a client.
        if (!error) {
          entry.br = variantOf(entry.identity, compressed, 'br');
          this.resize(key, entry);
        }
        resolve();
      });
    });
    this.compressing.add(done);
    void done.finally(() => this.compressing.delete(done));
  }

  /** Stores an entry again after it gained a compressed copy, so that its size counts (if it is still cached). */
  private resize(key: string, entry: Entry): void {
    if (this.entries.peek(key) === entry) this.entries.set(key, entry);
  }

  /** Reads and serialises an answer, once at a time per key; stored unless content changed meanwhile. */
  private load<T, Q>(key: string, list: CachedList<T, Q>, request: FastifyRequest & { query: Q }): Promise<Entry> {
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const loading = (async () => {
      const body = Buffer.from(JSON.stringify(list.schema.parse(await list.load(request.query))), 'utf8');
      const etag = etagOf(body);
      const previous = this.entries.peek(key);
      if (previous?.etag === etag) {
        // Unchanged since the last read: keep the entry (and its compressed copies), only renew its time.
        if (generation === this.generation) previous.loadedAt = Date.now();
        return previous;
      }
      const headers: Headers = Object.freeze({
        ...JSON_SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': `${list.visibility ?? 'public'}, no-cache`,
        etag,
        vary: ['accept-encoding', ...(list.vary ?? [])].join(', '),
      });
      const entry: Entry = { etag, loadedAt: Date.now(), requests: 0, identity: { body, headers } };
      if (generation === this.generation) this.entries.set(key, entry);
      return entry;
    })().finally(() => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    });
    this.pending.set(key, loading);
    return loading;
  }
}

function variantOf(identity: Variant, body: Buffer, coding: 'gzip' | 'br'): Variant {
  return { body, headers: Object.freeze({ ...identity.headers, 'content-encoding': coding }) };
}

const caches = new WeakMap<Db, ContentResponseCache>();

/** The content cache of the app that uses `db` (one per app: tests build several in a process). */
export function contentCacheFor(db: Db): ContentResponseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ContentResponseCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Hooks for an admin write route, after its authorisation check: the content cache is cleared
 * as the write starts and again once it has answered. Unauthorised requests never reach them,
 * so nobody can empty the cache by sending writes they may not make.
 */
export function contentWriteHooks(db: Db) {
  const writes = new WeakSet<FastifyRequest>();
  return {
    onRequest: async (request: FastifyRequest) => {
      writes.add(request);
      contentCacheFor(db).invalidate();
    },
    onResponse: async (request: FastifyRequest) => {
      if (writes.has(request)) contentCacheFor(db).invalidate();
    },
  };
}

/**
 * Route options for content writes (podcasts, categories, materials, tags): admins only (the
 * guard runs first), then the cached content lists are cleared around the write.
 */
export const adminContentWrite = (db: Db) => {
  const cache = contentWriteHooks(db);
  return { ...adminOnly, onRequest: cache.onRequest, onResponse: cache.onResponse };
};
