import { AuthClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { buildUser, type TestUser } from '../test/factories';
import { TcpProxy } from '../test/tcp-proxy';
import { openPostgres, type Database } from './client';

const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 1000;

/**
 * The PostgreSQL server taken away behind a TCP proxy: down (connections refused) and frozen
 * (connections held, nothing answered). Users keep their sessions and nothing waits long.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a database that is down or frozen', () => {
  let base: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let ctx: TestContext;
  let user: TestUser;
  let authUrl = '';

  beforeAll(async () => {
    base = await openTestDatabase();
    if (!base.url) throw new Error('the postgres project gives each test database a URL');
    const forUrl = TcpProxy.forUrl(base.url);
    proxy = forUrl.proxy;
    database = openPostgres(forUrl.via(await proxy.start()), { max: 4, connectTimeoutMs: CONNECT_TIMEOUT_MS, queryTimeoutMs: QUERY_TIMEOUT_MS });
    ctx = await createTestApp({}, database);
    user = await buildUser(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not listen on a TCP port');
    authUrl = `http://127.0.0.1:${address.port}/api/auth`;
  });

  afterAll(async () => {
    await ctx?.app.close();
    await database?.close();
    await proxy?.close();
    await base?.close();
  });

  const timed = async <T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await fn();
    return { result, ms: performance.now() - started };
  };

  it('answers 503 with Retry-After while the database refuses connections, refresh included, and serves again after', async () => {
    await proxy.refuse();
    try {
      const requests = [
        { method: 'GET' as const, url: '/api/profiles/me', headers: user.headers },
        { method: 'GET' as const, url: '/api/forum/topics' },
        { method: 'POST' as const, url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: user.session.refresh_token } },
        { method: 'POST' as const, url: '/api/auth/token?grant_type=password', payload: { email: user.email, password: user.password } },
        // Not "the link is on its way" when nothing can be sent.
        { method: 'POST' as const, url: '/api/auth/recover', payload: { email: user.email } },
      ];
      for (const request of requests) {
        const res = await ctx.app.inject(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({ code: 'service_unavailable', error: 'The database is unavailable' });
      }
      const health = await timed(() => ctx.app.inject({ method: 'GET', url: '/api/health' }));
      expect(health.result.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(2000);
    } finally {
      await proxy.restore();
    }
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profiles/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
  });

  it('answers within the timeouts while the database is frozen, health within 2 s', async () => {
    proxy.freeze();
    try {
      const me = await timed(() => ctx.app.inject({ method: 'GET', url: '/api/profiles/me', headers: user.headers }));
      expect(me.result.statusCode).toBe(503);
      // A pooled connection waits for its statement (query timeout + margin); a new one for its connect.
      expect(me.ms).toBeLessThan(CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 2000);
      const health = await timed(() => ctx.app.inject({ method: 'GET', url: '/api/health' }));
      expect(health.result.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(2000);
    } finally {
      await proxy.restore();
    }
    await expect.poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it('keeps the @supabase/auth-js session across an outage: its refresh is retried until the database is back', async () => {
    const auth = new AuthClient({
      url: authUrl,
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'trackside-outage-test',
    });
    const signedIn = await auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signedIn.error).toBeNull();

    await proxy.refuse();
    const back = setTimeout(() => void proxy.restore(), 1500);
    try {
      const refreshed = await auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);
    } finally {
      clearTimeout(back);
      await proxy.restore();
    }
    const stored = await auth.getSession();
    expect(stored.data.session?.user.id).toBe(user.id);
    expect((await auth.getUser()).error).toBeNull();
  });
});
