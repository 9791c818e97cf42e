import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Db } from '../../db/client';

/** How long a cached list may be served before it is read again (bounds staleness across instances). */
export const CONTENT_CACHE_TTL_MS = 2_000;
/** The most memory cached lists may take (bodies and their gzip copies). */
export const CONTENT_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Bodies smaller than this are sent as they are: gzip would gain little. */
const GZIP_MIN_BYTES = 1024;

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

interface Entry {
  body: Buffer;
  etag: string;
  loadedAt: number;
  gzip?: Buffer;
}

export interface CachedReplyOptions<T> {
  /** What identifies the answer: the request URL, plus the kind of reader where that matters. */
  key: string;
  /** The route's response schema: the cached body is exactly what the route would send. */
  schema: z.ZodType<T>;
  /** Reads the answer from the database when it is not cached. */
  load: () => Promise<T>;
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
 * - Answers carry an ETag (304 on If-None-Match) and are sent gzip-compressed, compressed once
 *   per cached answer, to clients that accept it.
 *
 * Routes using it set `helmet: false` and get {@link JSON_SECURITY_HEADERS} from here instead.
 */
export class ContentResponseCache {
  private generation = 0;
  private readonly ttlMs: number;
  private readonly entries: LRUCache<string, Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(options: { ttlMs?: number; maxBytes?: number } = {}) {
    this.ttlMs = options.ttlMs ?? CONTENT_CACHE_TTL_MS;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? CONTENT_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => entry.body.length + (entry.gzip?.length ?? 0) + 200,
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

  /** Reads and serialises an answer, once at a time per key; stored unless content changed meanwhile. */
  private load<T>(options: CachedReplyOptions<T>): Promise<Entry> {
    const { key } = options;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const loading = (async () => {
      const body = Buffer.from(JSON.stringify(options.schema.parse(await options.load())), 'utf8');
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      const previous = this.entries.get(key);
      // Unchanged since the last read: keep the entry (and its gzip copy), only renew its time.
      const entry: Entry = previous?.etag === etag ? { ...previous, loadedAt: Date.now() } : { body, etag, loadedAt: Date.now() };
      if (generation === this.generation) this.entries.set(key, entry);
      return entry;
    })().finally(() => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    });
    this.pending.set(key, loading);
    return loading;
  }

  /** Sends the cached answer for `options.key`, loading and caching it first when there is none. */
  async send<T>(request: FastifyRequest, reply: FastifyReply, options: CachedReplyOptions<T>): Promise<FastifyReply> {
    let entry = this.entries.get(options.key);
    if (entry && Date.now() - entry.loadedAt > this.ttlMs) {
      // Past its time: this request still gets it while a fresh read runs for the next ones.
      this.load(options).catch((error: unknown) => request.log.warn({ err: error }, 'could not refresh a cached content list'));
    }
    entry ??= await this.load(options);

    reply
      .headers(JSON_SECURITY_HEADERS)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', `${options.visibility ?? 'public'}, no-cache`)
      .header('etag', entry.etag)
      .header('vary', ['accept-encoding', ...(options.vary ?? [])].join(', '));
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      return reply.status(304).send();
    }
    if (entry.body.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
      entry.gzip ??= gzipSync(entry.body);
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.body);
  }
}

/** Whether an Accept-Encoding header admits gzip: listed (or `*`) with a q-value above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
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
