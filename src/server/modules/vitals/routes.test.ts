import { beforeAll, describe, expect, it } from 'vitest';
import type { VitalSummary } from '../../../shared/schemas/vitals';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { RATE_LIMITS } from '../../lib/rate-limits';

const metric = (name: string, value: number, page = '/pricing') => ({ name, value, delta: value, id: `v5-${name}-${value}`, page, navigationType: 'navigate' });

describe('web vitals API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let member: TestUser;
  let nextIp = 1;
  const send = (payload: unknown, remoteAddress = `198.51.100.${nextIp++}`) =>
    ctx().app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object, remoteAddress });
  const summary = (user?: TestUser) => ctx().app.inject({ method: 'GET', url: '/api/admin/vitals', ...(user ? { headers: user.headers } : {}) });

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    member = await buildUser(ctx());
  });

  it('stores measurements and summarises the 75th percentile per page and metric', async () => {
    for (const lcp of [1000, 2000, 3000, 5000]) {
      expect((await send({ metrics: [metric('LCP', lcp), metric('CLS', 0.01)] })).statusCode).toBe(204);
    }
    expect((await send({ metrics: [metric('TTFB', 120, '/')] })).statusCode).toBe(204);

    const res = await summary(admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json<VitalSummary[]>();
    const lcp = rows.find((r) => r.page === '/pricing' && r.name === 'LCP');
    // percentile_cont over 1000, 2000, 3000, 5000: 3000 + 0.25 × 2000.
    expect(lcp).toEqual({ page: '/pricing', name: 'LCP', samples: 4, p75: 3500, rating: 'needs-improvement' });
    expect(rows.find((r) => r.name === 'CLS')).toMatchObject({ samples: 4, rating: 'good' });
    expect(rows.find((r) => r.page === '/')).toMatchObject({ name: 'TTFB', p75: 120, rating: 'good' });
  });

  it.each([
    [{}],
    [{ metrics: [] }],
    [{ metrics: [metric('FID', 10)] }],
    [{ metrics: [metric('LCP', -1)] }],
    [{ metrics: [metric('LCP', 1000, 'https://evil.example/')] }],
    [{ metrics: [metric('LCP', 1000, '/pricing?utm=1')] }],
    [{ metrics: Array.from({ length: 21 }, () => metric('CLS', 0)) }],
  ])('rejects a bad body and stores nothing: %j', async (payload) => {
    const before = (await summary(admin)).json<VitalSummary[]>().reduce((n, r) => n + r.samples, 0);
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    const after = (await summary(admin)).json<VitalSummary[]>().reduce((n, r) => n + r.samples, 0);
    expect(after).toBe(before);
  });

  it(`accepts ${RATE_LIMITS.vitalsByIp.max} batches a minute from one address`, async () => {
    const ip = '203.0.113.5';
    for (let i = 0; i < RATE_LIMITS.vitalsByIp.max; i++) expect((await send({ metrics: [metric('FCP', 900)] }, ip)).statusCode).toBe(204);
    expect((await send({ metrics: [metric('FCP', 900)] }, ip)).statusCode).toBe(429);
  });

  it('shows the summary to admins only', async () => {
    expect((await summary()).statusCode).toBe(401);
    expect((await summary(member)).statusCode).toBe(403);
  });
});
