import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from '../test/app';
import { openTestDatabase } from '../test/database';
import { inlineScriptHashes, spaPlugin } from './spa';

const THEME_SCRIPT = "document.documentElement.classList.add('dark')";

describe('serving the web app', () => {
  let webRoot: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'trackside-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), `<html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets/app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'assets/app-1234.js.gz'), gzipSync('console.log(1)'));
    mkdirSync(path.join(webRoot, 'prerendered/disciplines'), { recursive: true });
    writeFileSync(path.join(webRoot, 'prerendered/index.html'), '<div id="root">home</div>');
    writeFileSync(path.join(webRoot, 'prerendered/about.html'), '<div id="root">about</div>');
    writeFileSync(path.join(webRoot, 'prerendered/disciplines/track.html'), '<div id="root">track</div>');
    app = Fastify();
    await app.register(spaPlugin, { webRoot });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/about?ref=footer', 'about'],
    ['/disciplines/track', 'track'],
  ])('serves the page rendered at build time for %s', async (url, body) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`<div id="root">${body}</div>`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the empty shell for client-rendered routes', async () => {
    for (const url of ['/chat', '/Chat/', '/standards/49%20CFR/213.9', '/knowledge-hub/some-id', '/community-forum/some-id', '/admin']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 with the shell, whose router shows the not-found page, for a path no route matches', async () => {
    for (const url of ['/no-such-page', '/disciplines/drainage', '/standards/49%20CFR/213.9/extra', '/chat/old-thread']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('sends the compressed copy the build wrote to clients that accept it', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('caches hashed assets for a year and answers JSON 404s under /api', async () => {
    expect((await get('/assets/app-1234.js')).headers['cache-control']).toContain('immutable');
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });

  it("allows index.html's inline scripts, and only those, by hash", async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(inlineScriptHashes(webRoot)).toEqual([hash]);

    let database: Database | undefined;
    const full = await buildApp({ config: testConfig(), database: (database = await openTestDatabase()), logger: false, webRoot });
    try {
      const csp = (await full.inject({ method: 'GET', url: '/about' })).headers['content-security-policy'];
      expect(csp).toContain(`script-src 'self' ${hash}`);
    } finally {
      await full.close();
      await database.close();
    }
  });
});
