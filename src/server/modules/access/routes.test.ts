import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { useTestApp } from '../../test/app';
import { setResourcePassword } from './service';
import { RATE_LIMITS } from '../../lib/rate-limits';

describe('POST /api/access/verify', () => {
  const ctx = useTestApp();
  let nextIp = 1;
  const verify = (payload: unknown, remoteAddress = `198.51.100.${nextIp++}`) =>
    ctx().app.inject({ method: 'POST', url: '/api/access/verify', payload: payload as object, remoteAddress });

  beforeAll(async () => {
    await setResourcePassword(ctx().database.db, 'investor_flyer', 'Rails-2026');
  });

  it('authorizes the right password for the resource', async () => {
    const res = await verify({ password: 'Rails-2026', resource: 'investor_flyer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authorized: true });
  });

  it.each([[{ password: 'rails-2026', resource: 'investor_flyer' }], [{ password: 'Rails-2026', resource: 'board_pack' }]])(
    'does not authorize a wrong password or an unknown resource: %j',
    async (payload) => {
      const res = await verify(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authorized: false });
    },
  );

  it.each([[{}], [{ password: '', resource: 'investor_flyer' }], [{ password: 'x', resource: '../etc' }], [{ password: 42, resource: 'investor_flyer' }]])(
    'rejects a malformed body: %j',
    async (payload) => {
      const res = await verify(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    },
  );

  it(`allows ${RATE_LIMITS.accessVerifyByIp.max} attempts a minute from one address`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < RATE_LIMITS.accessVerifyByIp.max; i++) {
      expect((await verify({ password: `guess-${i}`, resource: 'investor_flyer' }, ip)).statusCode).toBe(200);
    }
    const res = await verify({ password: 'Rails-2026', resource: 'investor_flyer' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: messages.protectedGate.tooManyAttempts });
  });
});
