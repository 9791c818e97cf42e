import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Material, Tag } from '../../shared/schemas/knowledge';
import type { Category, Podcast } from '../../shared/schemas/podcasts';
import { useTestApp } from '../test/app';
import { buildUser, type TestUser } from '../test/factories';
import { acceptedEncodings } from './http-caching';
import { contentCacheFor, ContentResponseCache, JSON_SECURITY_HEADERS } from './response-cache';

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['br;q=1.0, gzip;q=0.8', ['br', 'gzip']],
    ['br;q=0.5, gzip', ['gzip', 'br']],
    ['gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['identity', []],
    ['gzip;q=0, *', ['br']],
    ['br, *;q=0', ['br']],
    ['br;q=0, gzip;q=0', []],
    [undefined, []],
  ])('%s → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
    expect(acceptedEncodings(header)).toEqual(expected); // remembered
  });
});

describe('ContentResponseCache', () => {
  const schema = z.array(z.object({ n: z.number() }));

  /** A bare app with one cached route whose loads are counted. */
  async function appWith(cache: ContentResponseCache, load: () => Promise<{ n: number; secret?: string }[]>) {
    const app = Fastify();
    const list = { schema, load };
    app.get('/list', (request, reply) => cache.send(request, reply, request.url, list));
    await app.ready();
    return app;
  }

  it('loads once, then answers from memory until invalidated; the schema strips what the route would not send', async () => {
    const cache = new ContentResponseCache();
    let loads = 0;
    const app = await appWith(cache, async () => [{ n: ++loads, secret: 'x' }]);
    expect((await app.inject('/list')).json()).toEqual([{ n: 1 }]);
    expect((await app.inject('/list')).json()).toEqual([{ n: 1 }]);
    cache.invalidate();
    expect((await app.inject('/list')).json()).toEqual([{ n: 2 }]);
    expect((await app.inject('/list?other')).json()).toEqual([{ n: 3 }]);
    expect(cache.size).toBe(2);
  });

  it('never stores an answer read while a write was under way', async () => {
    const cache = new ContentResponseCache();
    let loads = 0;
    const app = await appWith(cache, async () => {
      loads += 1;
      if (loads === 1) cache.invalidate(); // a write started during this read
      return [{ n: loads }];
    });
    expect((await app.inject('/list')).json()).toEqual([{ n: 1 }]);
    expect((await app.inject('/list')).json()).toEqual([{ n: 2 }]);
    expect((await app.inject('/list')).json()).toEqual([{ n: 2 }]);
  });

  it('reads once for many requests waiting on the same answer', async () => {
    const cache = new ContentResponseCache();
    let loads = 0;
    const app = await appWith(cache, async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [{ n: loads }];
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject('/list')));
    expect(answers.map((a) => a.json())).toEqual(Array.from({ length: 5 }, () => [{ n: 1 }]));
    expect(loads).toBe(1);
  });

  it('past its time to live, serves the old answer once while reading a fresh one (writes by other instances)', async () => {
    const cache = new ContentResponseCache({ ttlMs: 400 });
    let loads = 0;
    const app = await appWith(cache, async () => [{ n: ++loads }]);
    await app.inject('/list');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await app.inject('/list')).json()).toEqual([{ n: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject('/list')).json()).toEqual([{ n: 2 }]);
    expect(loads).toBe(2);
  });
  it('sends every encoding with one header set (only Content-Encoding differs) and makes Brotli once the answer is asked for again', async () => {
    const cache = new ContentResponseCache();
    const app = await appWith(cache, async () => Array.from({ length: 200 }, (_, n) => ({ n })));
    const plain = await app.inject('/list');
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await app.inject({ url: '/list', headers: browser });
    expect(first.headers['content-encoding']).toBe('gzip'); // Brotli not made yet: gzip serves
    await cache.settled();
    const second = await app.inject({ url: '/list', headers: browser });
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(first.rawPayload).toString('utf8')).toBe(plain.body);
    expect(second.rawPayload.length).toBeLessThanOrEqual(first.rawPayload.length);
    const gzipOnly = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const without = (headers: Record<string, unknown>, ...names: string[]) => Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));
    for (const answer of [first, second, gzipOnly]) {
      expect(without(answer.headers, 'content-encoding', 'content-length', 'date')).toEqual(without(plain.headers, 'content-length', 'date'));
    }
    expect(plain.headers).toMatchObject({ ...JSON_SECURITY_HEADERS, vary: 'accept-encoding', 'cache-control': 'public, no-cache' });
  });

  it('answers 304 to a matching If-None-Match (strong, weak, in a list, or *) with the same headers, 200 otherwise', async () => {
    const cache = new ContentResponseCache();
    const app = await appWith(cache, async () => [{ n: 1 }]);
    const plain = await app.inject('/list');
    const etag = String(plain.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.inject({ url: '/list', headers: { 'if-none-match': ifNoneMatch } });
      expect([ifNoneMatch, res.statusCode]).toEqual([ifNoneMatch, 304]);
      expect(res.headers).toMatchObject({ ...JSON_SECURITY_HEADERS, etag, 'cache-control': 'public, no-cache', vary: 'accept-encoding' });
    }
    expect((await app.inject({ url: '/list', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });
});

describe('cached content lists over the API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let member: TestUser;
  let category: Category;

  const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> => {
    const res = await ctx().app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.body ? res.json() : undefined) as T;
  };
  const list = async <T>(url: string, headers: Record<string, string> = {}) => (await ctx().app.inject({ method: 'GET', url, headers })).json<T>();

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    member = await buildUser(ctx());
    category = await send<Category>('POST', '/api/categories', { name: 'Cached' });
    for (let i = 0; i < 12; i++) {
      await send('POST', '/api/podcasts', {
        title: `Episode ${i} on rail grinding and friction management`,
        description: 'd'.repeat(200),
        category_id: category.id,
      });
    }
  });

  it('answers with an ETag, 304 when the client has it, and gzip when accepted', async () => {
    const { app } = ctx();
    const plain = await app.inject({ method: 'GET', url: '/api/podcasts' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);

    const again = await app.inject({ method: 'GET', url: '/api/podcasts', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const zipped = await app.inject({ method: 'GET', url: '/api/podcasts', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.etag).toBe(etag);

    // Asked for again, the list gets a Brotli copy (made in the background), smaller than gzip.
    await contentCacheFor(ctx().database.db).settled();
    const brotli = await app.inject({ method: 'GET', url: '/api/podcasts', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers.etag).toBe(etag);
    expect(brotli.headers.vary).toBe('accept-encoding');
  });

  it('carries the same security headers as the rest of the API, and a CSP for JSON', async () => {
    const { app } = ctx();
    const cached = await app.inject({ method: 'GET', url: '/api/podcasts' });
    const helmeted = await app.inject({ method: 'GET', url: '/api/categories' });
    for (const name of Object.keys(JSON_SECURITY_HEADERS)) {
      if (name === 'content-security-policy') continue;
      expect([name, cached.headers[name]]).toEqual([name, helmeted.headers[name]]);
    }
    expect(cached.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await app.inject({ method: 'GET', url: '/api/knowledge/materials' })).headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows every write at once: podcasts, categories, materials and tags', async () => {
    const before = await list<Podcast[]>('/api/podcasts');
    const added = await send<Podcast>('POST', '/api/podcasts', { title: 'Fresh episode', description: 'd', category_id: category.id });
    expect((await list<Podcast[]>('/api/podcasts')).length).toBe(before.length + 1);

    await send('PUT', `/api/categories/${category.id}`, { name: 'Cached and renamed' });
    expect((await list<Podcast[]>('/api/podcasts')).every((p) => p.podcast_categories.name === 'Cached and renamed')).toBe(true);

    await send('DELETE', `/api/podcasts/${added.id}`);
    expect((await list<Podcast[]>('/api/podcasts')).some((p) => p.id === added.id)).toBe(false);

    const tag = await send<Tag>('POST', '/api/knowledge/tags', { name: 'Grinding' });
    expect(await list<Material[]>('/api/knowledge/materials?tag=Grinding')).toEqual([]);
    await send('POST', '/api/knowledge/materials', {
      title: 'Rail grinding',
      abstract: 'Why and when',
      content: 'Secret member text',
      category_id: category.id,
      tags: [tag.id],
    });
    expect((await list<Material[]>('/api/knowledge/materials?tag=Grinding')).map((m) => m.title)).toEqual(['Rail grinding']);
    await send('PUT', `/api/knowledge/tags/${tag.id}`, { name: 'Rail grinding' });
    expect((await list<Material[]>('/api/knowledge/materials?tag=Grinding')).map((m) => m.title)).toEqual([]);
  });

  it('is not cleared by writes the caller may not make', async () => {
    const { app, database } = ctx();
    await app.inject({ method: 'GET', url: '/api/podcasts' });
    const cache = contentCacheFor(database.db);
    expect(cache.size).toBeGreaterThan(0);
    const payload = { title: 'x', description: 'd', category_id: category.id };
    expect((await app.inject({ method: 'POST', url: '/api/podcasts', payload })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/podcasts', payload, headers: member.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/categories/${category.id}`, headers: member.headers })).statusCode).toBe(403);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('keeps guests’ previews and members’ full materials apart', async () => {
    const { app } = ctx();
    const url = '/api/knowledge/materials?q=grinding';
    const guest = await app.inject({ method: 'GET', url });
    const full = await app.inject({ method: 'GET', url, headers: member.headers });
    const guestAgain = await app.inject({ method: 'GET', url });
    const fullAgain = await app.inject({ method: 'GET', url, headers: member.headers }); // from the cache
    expect(fullAgain.body).toBe(full.body);
    expect(fullAgain.headers.etag).toBe(full.headers.etag);
    expect(guest.json<Material[]>()[0]).toMatchObject({ preview: true });
    expect(guest.json<Material[]>()[0]).not.toHaveProperty('content');
    expect(full.json<Material[]>()[0]).toMatchObject({ preview: false, content: 'Secret member text' });
    expect(guestAgain.body).toBe(guest.body);
    expect(guest.headers['cache-control']).toBe('public, no-cache');
    expect(full.headers['cache-control']).toBe('private, no-cache');
    expect(full.headers.vary).toBe('accept-encoding, authorization');
    expect(full.headers.etag).not.toBe(guest.headers.etag);
    expect((await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
  });
});
