import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { openTestDatabase } from '../test/database';
import { uniqueEmail } from '../test/factories';
import type { Database } from '../db/client';

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

  it.skipIf(!redisAvailable)('counts sign-ins for one e-mail across instances: 10 on one, the 11th on the other is 429', async () => {
    const email = uniqueEmail('shared');
    for (let i = 1; i <= 10; i++) {
      expect((await attempt(first, email, `10.1.0.${i}`)).statusCode, `attempt ${i}`).toBe(400);
    }
    const res = await attempt(second, email, '10.1.0.11');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it.skipIf(!redisAvailable)('keeps other namespaces apart', async () => {
    if (!database) throw new Error('database not opened');
    const email = uniqueEmail('apart');
    for (let i = 1; i <= 10; i++) await attempt(first, email, `10.2.0.${i}`);
    const other = await createTestApp({ REDIS_URL }, database, { rateLimitNameSpace: `trackside-test-${randomUUID()}:` });
    try {
      expect((await attempt(other, email, '10.2.0.11')).statusCode).toBe(400);
      expect((await attempt(second, email, '10.2.0.12')).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });
});
