import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { Lead } from '../../../shared/schemas/leads';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { RATE_LIMITS } from '../../lib/rate-limits';

const contact = {
  kind: 'contact',
  name: 'Priya Natarajan',
  email: 'Priya@Example.com',
  company: 'Northern Rail Maintenance',
  role: 'Track engineer',
  message: 'We would like to trial the assistant on our possession plans.',
};
const demo = { kind: 'demo', name: 'Tom Okafor', email: 'tom@example.com', preferredDate: '2099-03-01', teamSize: '6-20', message: '' };

describe('contact and demo requests API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let member: TestUser;
  // Each test sends from its own address so that the per-IP limit only bites where it is tested.
  let nextIp = 1;
  const send = (payload: unknown, remoteAddress = `198.51.100.${nextIp++}`) =>
    ctx().app.inject({ method: 'POST', url: '/api/leads', payload: payload as object, remoteAddress });
  const list = (user?: TestUser, query = '') =>
    ctx().app.inject({ method: 'GET', url: `/api/admin/leads${query}`, ...(user ? { headers: user.headers } : {}) });

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    member = await buildUser(ctx());
  });

  it('stores contact and demo requests and lists them newest first for admins', async () => {
    expect((await send(contact)).statusCode).toBe(201);
    const res = await send(demo);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ received: true });

    const leads = (await list(admin)).json<Lead[]>();
    expect(leads.map((l) => l.kind).slice(0, 2)).toEqual(['demo', 'contact']);
    expect(leads[0]).toMatchObject({ name: 'Tom Okafor', preferredDate: '2099-03-01', teamSize: '6-20', message: null, company: null });
    expect(leads[1]).toMatchObject({ email: 'priya@example.com', company: 'Northern Rail Maintenance', role: 'Track engineer', preferredDate: null });
    expect((await list(admin, '?kind=contact')).json<Lead[]>().every((l) => l.kind === 'contact')).toBe(true);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await list(admin)).json<Lead[]>().length;
    const res = await send({ ...contact, name: 'Bot', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect((await list(admin)).json<Lead[]>()).toHaveLength(before);
  });

  it.each([
    [{ ...contact, name: '  ' }, 'name', messages.leads.nameRequired],
    [{ ...contact, email: 'not-an-email' }, 'email', messages.validation.invalidEmail],
    [{ ...contact, message: '' }, 'message', messages.leads.messageRequired],
    [{ ...demo, preferredDate: '2001-01-01' }, 'preferredDate', messages.leads.preferredDatePast],
    [{ ...demo, preferredDate: '01/03/2099' }, 'preferredDate', messages.leads.preferredDateInvalid],
    [{ ...demo, teamSize: 'a few' }, 'teamSize', messages.leads.teamSizeInvalid],
  ])('rejects bad input and stores nothing: %j', async (payload, field, message) => {
    const before = (await list(admin)).json<Lead[]>().length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(res.json().details)).toContain(field);
    expect(res.body).toContain(message);
    expect((await list(admin)).json<Lead[]>()).toHaveLength(before);
  });

  it('rejects an unknown kind', async () => {
    const res = await send({ ...contact, kind: 'newsletter' });
    expect(res.statusCode).toBe(400);
  });

  it(`limits one address to ${RATE_LIMITS.leadsByIp.max} requests an hour`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < RATE_LIMITS.leadsByIp.max; i++) expect((await send(contact, ip)).statusCode).toBe(201);
    const res = await send(contact, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: messages.leads.tooMany });
    expect(res.headers['retry-after']).toBeDefined();
    expect((await send(contact, '203.0.113.78')).statusCode).toBe(201);
  });

  it('lists requests to admins only', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(member)).statusCode).toBe(403);
    expect((await list(admin, '?kind=spam')).statusCode).toBe(400);
  });
});
