import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';

describe('roles API', () => {
  const ctx = useTestApp();
  const rolesOf = (headers?: { authorization: string }) => ctx().app.inject({ method: 'GET', url: '/api/roles/me', ...(headers ? { headers } : {}) });
  const grantSelf = (headers?: { authorization: string }) =>
    ctx().app.inject({ method: 'POST', url: '/api/admin/grant-self', ...(headers ? { headers } : {}) });

  it('reports a plain user as neither admin nor whitelisted, and refuses "Make Me Admin"', async () => {
    const user = await buildUser(ctx());
    const roles = await rolesOf(user.headers);
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toEqual({ admin: false, whitelisted: false });

    const res = await grantSelf(user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: messages.admin.notWhitelisted, code: 'not_whitelisted' });
    expect((await rolesOf(user.headers)).json()).toEqual({ admin: false, whitelisted: false });
  });

  it('reports an admin as admin', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    expect((await rolesOf(admin.headers)).json()).toEqual({ admin: true, whitelisted: false });
  });

  it('lets a whitelisted e-mail grant itself the admin role, idempotently', async () => {
    const user = await buildUser(ctx(), { whitelisted: true });
    expect((await rolesOf(user.headers)).json()).toEqual({ admin: false, whitelisted: true });

    const res = await grantSelf(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: messages.admin.roleGranted });
    expect((await rolesOf(user.headers)).json()).toEqual({ admin: true, whitelisted: true });

    expect((await grantSelf(user.headers)).statusCode).toBe(200);
  });

  it('does not let one user’s whitelisting serve another', async () => {
    await buildUser(ctx(), { whitelisted: true });
    const other = await buildUser(ctx());
    expect((await grantSelf(other.headers)).statusCode).toBe(403);
  });

  it('answers 401 when signed out', async () => {
    for (const res of [await rolesOf(), await grantSelf()]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'no_authorization' });
    }
  });
});
