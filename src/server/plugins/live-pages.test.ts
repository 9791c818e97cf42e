import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageQueryData } from '../../shared/live-page';
import { LIVE_PAGE_READS_TIMEOUT_MS } from './live-pages';
import { spaPlugin } from './spa';

const TEMPLATE = '<html><body><div id="root"></div></body></html>';
const ITEMS_FALLBACK = '<div id="root">items, rendered at build time</div>';
const ABOUT_FALLBACK = '<div id="root">about</div>';

/**
 * Stands in for the server-side build (dist/ssr/entry-server.js): /items reads both APIs, every
 * other page nothing. It lists the data in the page, carries it as page-data, records the URLs
 * it rendered, and throws when a read's data holds 'fail-render'.
 */
const RENDERER = `
const rendered = [];
export function renderedUrls() { return rendered; }
export const livePageRenderer = {
  readsOf(pathname) {
    return pathname === '/items' ? [{ path: '/api/items', queryKey: ['items'] }, { path: '/api/tags', queryKey: ['tags'] }] : [];
  },
  async render(template, url, data) {
    rendered.push(url);
    if (data.some((query) => query.data.includes('fail-render'))) throw new Error('render failed');
    const list = data.flatMap((query) => query.data).map((name) => '<li>' + name + '</li>').join('');
    const pageData = JSON.stringify(data).replace(/</g, '\\\\u003c');
    return template.replace('<div id="root"></div>', '<div id="root"><ul>' + list + '</ul></div><script type="application/json" id="page-data">' + pageData + '</script>');
  },
};
`;

/** What the API routes answer; the tests change it. */
const api = { items: ['brake pads', 'spark plugs'], tags: ['cheap'], tagsFail: false, tagsDelayMs: 0 };

function resetApi() {
  api.items = ['brake pads', 'spark plugs'];
  api.tags = ['cheap'];
  api.tagsFail = false;
  api.tagsDelayMs = 0;
}

/** A bare app with the two JSON routes /items reads (ETags from their data) and the web app. */
async function serve(webRoot: string, ssrEntry?: string): Promise<FastifyInstance> {
  const app = Fastify();
  const withEtag = (data: unknown) => {
    const body = JSON.stringify(data);
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };
  app.get('/api/items', async (_request, reply) => {
    const { body, etag } = withEtag(api.items);
    return reply.header('etag', etag).type('application/json').send(body);
  });
  app.get('/api/tags', async (_request, reply) => {
    if (api.tagsDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, api.tagsDelayMs));
    if (api.tagsFail) return reply.status(500).send({ error: 'tags unavailable' });
    const { body, etag } = withEtag(api.tags);
    return reply.header('etag', etag).type('application/json').send(body);
  });
  await app.register(spaPlugin, { webRoot, ssrEntry });
  await app.ready();
  return app;
}

function pageData(html: string): PageQueryData[] {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error(`no page data in ${html}`);
  return JSON.parse(json) as PageQueryData[];
}

describe('pages rendered per request with their data', () => {
  let webRoot: string;
  let entryFile: string;
  let app: FastifyInstance;
  let renderedUrls: () => string[];

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'trackside-live-'));
    writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
    mkdirSync(path.join(webRoot, 'prerendered'));
    writeFileSync(path.join(webRoot, 'prerendered/items.html'), ITEMS_FALLBACK);
    writeFileSync(path.join(webRoot, 'prerendered/about.html'), ABOUT_FALLBACK);
    entryFile = path.join(webRoot, 'entry-server.mjs');
    writeFileSync(entryFile, RENDERER);
    // The same module instance LivePages.load imports, so its record of renders is the one it fills.
    ({ renderedUrls } = (await import(pathToFileURL(entryFile).href)) as { renderedUrls: () => string[] });
    app = await serve(webRoot, entryFile);
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
  beforeEach(resetApi);

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const renders = () => renderedUrls().length;

  it('renders the page with the answers of its reads', async () => {
    const res = await get('/items');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<li>brake pads</li><li>spark plugs</li><li>cheap</li>');
    expect(pageData(res.body)).toEqual([
      { queryKey: ['items'], data: ['brake pads', 'spark plugs'] },
      { queryKey: ['tags'], data: ['cheap'] },
    ]);
  });

  it('renders again only when an answer changes', async () => {
    await get('/items');
    const before = renders();
    expect((await get('/items')).body).toContain('<li>brake pads</li>');
    expect(renders()).toBe(before);

    api.items = ['wheel bearings'];
    const res = await get('/items');
    expect(renders()).toBe(before + 1);
    expect(res.body).toContain('<li>wheel bearings</li>');
    expect(res.body).not.toContain('brake pads');
    expect(pageData(res.body)[0]).toEqual({ queryKey: ['items'], data: ['wheel bearings'] });
  });

  it('renders a page once for requests that arrive together', async () => {
    api.items = ['bogie frames'];
    const before = renders();
    const answers = await Promise.all([get('/items'), get('/items'), get('/items')]);
    expect(renders()).toBe(before + 1);
    for (const res of answers) expect(res.body).toContain('<li>bogie frames</li>');
  });

  it('renders the page without its query string, once for every query string', async () => {
    api.items = ['axle boxes'];
    const before = renders();
    const first = await get('/items?t=90');
    expect(renderedUrls().at(-1)).toBe('/items');
    const second = await get('/items?t=91');
    expect(renders()).toBe(before + 1);
    expect(second.body).toBe(first.body);
  });

  it('compresses the page for clients that accept it', async () => {
    const plain = await get('/items?encoded');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = renders();

    const br = await get('/items?encoded', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gzip = await get('/items?encoded', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    expect(renders()).toBe(before);
  });

  it.each([
    ['a read fails', () => (api.tagsFail = true)],
    ['the reads take too long', () => (api.tagsDelayMs = LIVE_PAGE_READS_TIMEOUT_MS + 500)],
  ])('serves the page rendered at build time, rendering nothing, when %s', async (_case, breakReads) => {
    breakReads();
    api.items = ['never rendered'];
    const before = renders();
    const res = await get('/items');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ITEMS_FALLBACK);
    expect(renders()).toBe(before);
  });

  it('serves the page rendered at build time when rendering fails', async () => {
    const before = renders();
    api.items = ['fail-render'];
    const res = await get('/items');
    expect(renders()).toBe(before + 1);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ITEMS_FALLBACK);
  });

  it('serves the page rendered at build time for pages without reads', async () => {
    const about = await get('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toBe(ABOUT_FALLBACK);
  });

  it('answers HEAD with the headers of the rendered page', async () => {
    const page = await get('/items');
    const head = await app.inject({ method: 'HEAD', url: '/items' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(page.headers['content-length']);
    expect(head.headers.etag).toBe(page.headers.etag);
  });

  it('answers 304 to a browser that has the page, and 200 once the data changed', async () => {
    const page = await get('/items');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/items', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    api.tags = ['heavy duty'];
    const changed = await get('/items', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('<li>heavy duty</li>');
  });

  it.each([
    ['without a server-side build', undefined],
    ['when the server-side build is missing', 'no-such-entry.mjs'],
  ])('serves the page rendered at build time %s', async (_case, entry) => {
    const bare = await serve(webRoot, entry && path.join(webRoot, entry));
    try {
      const res = await bare.inject({ method: 'GET', url: '/items' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(ITEMS_FALLBACK);
    } finally {
      await bare.close();
    }
  });
});
