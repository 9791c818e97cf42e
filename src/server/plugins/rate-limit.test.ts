import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { openTestDatabase } from '../test/database';
import { uniqueEmail } from '../test/factories';
import type { Database } from '../db/client';
import { TcpProxy } from '../test/tcp-proxy';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something answers PING with PONG at REDIS_URL within half a second. */
function probeRedis(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const redisAvailable = await probeRedis(REDIS_URL);

/** Instances behind a load balancer share their rate-limit counters through Redis. */
describe('rate limits shared through Redis', () => {
  const nameSpace = `trackside-test-${randomUUID()}:`;
  let database: Database | undefined;
  let first: TestContext | undefined;
  let second: TestContext | undefined;

  beforeAll(async () => {
    if (!redisAvailable) return;
    database = await openTestDatabase();
    first = await createTestApp({ REDIS_URL }, database, { rateLimitNameSpace: nameSpace });
    second = await createTestApp({ REDIS_URL }, database, { rateLimitNameSpace: nameSpace });
  });

  afterAll(async () => {
    await first?.app.close();
    await second?.app.close();
    await database?.close();
  });

  const attempt = (ctx: TestContext | undefined, email: string, remoteAddress: string) => {
    if (!ctx) throw new Error('app not built');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password: 'Wrong-password-1' },
      remoteAddress,
    });
  };

  it.skipIf(!redisAvailable)('counts sign-ins for one account from one address across instances: 10 on one, the 11th on the other is 429', async () => {
    const email = uniqueEmail('shared');
    for (let i = 1; i <= 10; i++) {
      expect((await attempt(first, email, '10.1.0.1')).statusCode, `attempt ${i}`).toBe(400);
    }
    const res = await attempt(second, email, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it.skipIf(!redisAvailable)('keeps other namespaces apart', async () => {
    if (!database) throw new Error('database not opened');
    const email = uniqueEmail('apart');
    for (let i = 1; i <= 10; i++) await attempt(first, email, '10.2.0.1');
    const other = await createTestApp({ REDIS_URL }, database, { rateLimitNameSpace: `trackside-test-${randomUUID()}:` });
    try {
      expect((await attempt(other, email, '10.2.0.1')).statusCode).toBe(400);
      expect((await attempt(second, email, '10.2.0.1')).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });
});

/** Redis down: limits are counted per instance at once, never switched off, never waited for. */
describe('rate limits while Redis does not answer', () => {
  let ctx: TestContext | undefined;
  let proxy: TcpProxy | undefined;
  let database: Database | undefined;

  afterEach(async () => {
    await ctx?.app.close();
    await proxy?.close();
    await database?.close();
    ctx = undefined;
    proxy = undefined;
    database = undefined;
  });

  async function expectLimitsHeldFast(app: TestContext) {
    const email = uniqueEmail('down');
    for (let i = 1; i <= 10; i++) {
      const started = performance.now();
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        payload: { email, password: 'Wrong-password-1' },
        remoteAddress: '10.3.0.1',
      });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    const over = await app.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password: 'Wrong-password-1' },
      remoteAddress: '10.3.0.1',
    });
    expect(over.statusCode).toBe(429);
    const health = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', db: 'ok', redis: 'unreachable' });
  }

  it('holds the limits per instance when Redis cannot be reached from the start, and health says so', async () => {
    database = await openTestDatabase();
    ctx = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' }, database);
    await expectLimitsHeldFast(ctx);
  });

  it.skipIf(!redisAvailable)('falls back at once when Redis goes away while serving', async () => {
    const forUrl = TcpProxy.forUrl(REDIS_URL);
    proxy = forUrl.proxy;
    const port = await proxy.start();
    database = await openTestDatabase();
    ctx = await createTestApp({ REDIS_URL: forUrl.via(port) }, database);
    await expect.poll(async () => (await ctx?.app.inject({ method: 'GET', url: '/api/health' }))?.json<{ redis?: string }>().redis).toBe('ok');
    await proxy.refuse();
    await expect.poll(() => ctx?.app.rateLimitState.redis).toBe('unreachable');
    await expectLimitsHeldFast(ctx);
  });
});

/** Behind a proxy, the client address is the one the trusted proxy saw; what the client writes is not believed. */
describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  const signInFrom = (ctx: TestContext, forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: uniqueEmail('spoof'), password: 'Wrong-password-1' },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the address the proxy appended, so a spoofed X-Forwarded-For does not escape the limit', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: '1' });
    try {
      for (let i = 1; i <= 30; i++) expect((await signInFrom(ctx, `198.51.100.${i}, 203.0.113.5`)).statusCode, `attempt ${i}`).toBe(400);
      expect((await signInFrom(ctx, '198.51.100.99, 203.0.113.5')).statusCode).toBe(429);
      // Another client behind the same proxy is counted apart.
      expect((await signInFrom(ctx, '203.0.113.6')).statusCode).toBe(400);
    } finally {
      await ctx.app.close();
      await ctx.database.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, and sends HSTS only over HTTPS', async () => {
    const direct = await createTestApp();
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      for (let i = 1; i <= 30; i++) await signInFrom(direct, `198.51.100.${i}`);
      expect((await signInFrom(direct, '198.51.100.200')).statusCode).toBe(429);

      const plain = await direct.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const spoofedProto = await direct.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofedProto.headers['strict-transport-security']).toBeUndefined();
      const https = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      for (const ctx of [direct, proxied]) {
        await ctx.app.close();
        await ctx.database.close();
      }
    }
  });
});
