import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/schemas/auth';
import type { SessionInfo, SessionList } from '../../../shared/schemas/sessions';
import { createTestApp, useTestApp } from '../../test/app';
import { buildUser, signIn, type TestUser } from '../../test/factories';
import * as repo from './repository';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code).toBe(code);
}

/** The signed-in user's own sessions: GET/DELETE /api/auth/sessions, POST /api/auth/sessions/revoke-others. */
describe('sessions API', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);

  /** Signs `user` in again from another browser and address. */
  async function signInFrom(user: TestUser, userAgent: string, remoteAddress: string): Promise<Session> {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Session>();
  }
  const refresh = (refreshToken: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: refreshToken },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const sessionIdOf = (session: Session) => JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()).session_id as string;
  async function listSessions(token: string): Promise<SessionInfo[]> {
    const res = await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionList>().sessions;
  }
  const revoke = (token: string, id: string) => inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
  const revokeOthers = (token: string) => inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer(token) });
  const getUser = (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const auditOf = async (email: string) => (await repo.listAuditEntries(ctx().database.db, { page: 1, perPage: 50, filter: email })).entries;

  /** Both of the session's tokens are dead: the access token refused, the refresh token spent. */
  async function expectEnded(session: Session) {
    expectError(await getUser(session.access_token), 403, 'session_not_found');
    expect((await refresh(session.refresh_token)).statusCode).not.toBe(200);
  }
  async function expectAlive(session: Session) {
    expect((await getUser(session.access_token)).statusCode).toBe(200);
  }

  describe('GET /sessions', () => {
    it('lists my live sessions with browser, address and last use, this one first and marked', async () => {
      const user = await buildUser(ctx());
      const desk = await signInFrom(user, CHROME_WINDOWS, '203.0.113.10');
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.20');
      const stranger = await buildUser(ctx());

      const sessions = await listSessions(desk.access_token);
      expect(sessions).toHaveLength(3);
      expect(sessions[0]).toMatchObject({
        id: sessionIdOf(desk),
        current: true,
        device: 'Chrome on Windows',
        ip: '203.0.113.10',
        user_agent: CHROME_WINDOWS,
        method: 'password',
      });
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.find((s) => s.id === sessionIdOf(phone))).toMatchObject({ current: false, device: 'Safari on iPhone', ip: '203.0.113.20' });
      expect(sessions.map((s) => s.id)).toContain(sessionIdOf(user.session));
      // Never another user's.
      expect(sessions.map((s) => s.id)).not.toContain(sessionIdOf(stranger.session));
      for (const s of sessions) {
        expect(Number.isNaN(Date.parse(s.last_used_at))).toBe(false);
        expect(s.last_used_at).toBe(s.created_at);
      }
      // The phone's own list marks the phone.
      expect((await listSessions(phone.access_token)).find((s) => s.current)?.id).toBe(sessionIdOf(phone));
    });

    it('records a refresh as the last use, with its address and browser, at most once a minute', async () => {
      const user = await buildUser(ctx());
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.30');
      const before = (await listSessions(user.session.access_token)).find((s) => s.id === sessionIdOf(phone));
      await new Promise((resolve) => setTimeout(resolve, 20));

      const first = await refresh(phone.refresh_token, { 'user-agent': FIREFOX_LINUX }, '203.0.113.31');
      expect(first.statusCode, first.body).toBe(200);
      const after = (await listSessions(user.session.access_token)).find((s) => s.id === sessionIdOf(phone));
      expect(after).toMatchObject({ device: 'Firefox on Linux', ip: '203.0.113.31', created_at: before?.created_at });
      expect(Date.parse(after?.last_used_at ?? '')).toBeGreaterThan(Date.parse(before?.last_used_at ?? ''));

      // Within the minute another refresh writes nothing.
      const second = await refresh(first.json<Session>().refresh_token, { 'user-agent': CHROME_WINDOWS }, '203.0.113.32');
      expect(second.statusCode, second.body).toBe(200);
      expect((await listSessions(user.session.access_token)).find((s) => s.id === sessionIdOf(phone))).toEqual(after);
    });

    it('shows no ended session', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      await inject({ method: 'POST', url: '/api/auth/logout?scope=local', headers: bearer(other.access_token) });
      expect((await listSessions(user.session.access_token)).map((s) => s.id)).toEqual([sessionIdOf(user.session)]);
    });

    it('takes the address from X-Forwarded-For only with TRUST_PROXY', async () => {
      const proxied = await createTestApp({ TRUST_PROXY: '1' }, ctx().database);
      try {
        const user = await buildUser(ctx());
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/token?grant_type=password',
          payload: { email: user.email, password: user.password },
          headers: { 'x-forwarded-for': '198.51.100.7, 192.0.2.44', 'user-agent': CHROME_WINDOWS },
          remoteAddress: '10.0.0.1',
        });
        expect(res.statusCode, res.body).toBe(200);
        const behindProxy = res.json<Session>();
        const direct = await inject({
          method: 'POST',
          url: '/api/auth/token?grant_type=password',
          payload: { email: user.email, password: user.password },
          headers: { 'x-forwarded-for': '198.51.100.8' },
          remoteAddress: '10.0.0.2',
        });
        const sessions = await listSessions(user.session.access_token);
        expect(sessions.find((s) => s.id === sessionIdOf(behindProxy))?.ip).toBe('192.0.2.44');
        expect(sessions.find((s) => s.id === sessionIdOf(direct.json<Session>()))?.ip).toBe('10.0.0.2');
      } finally {
        await proxied.app.close();
      }
    });
  });

  describe('DELETE /sessions/:id', () => {
    it('signs out one of my other sessions: its tokens stop working, mine go on, and the audit log says so', async () => {
      const user = await buildUser(ctx());
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.40');
      const res = await revoke(user.session.access_token, sessionIdOf(phone));
      expect(res.statusCode, res.body).toBe(204);

      await expectEnded(phone);
      await expectAlive(user.session);
      expect((await listSessions(user.session.access_token)).map((s) => s.id)).toEqual([sessionIdOf(user.session)]);
      expect((await refresh(user.session.refresh_token)).statusCode).toBe(200);
      const [entry] = await auditOf(user.email);
      expect(entry).toMatchObject({
        action: 'session_revoked',
        actorId: user.id,
        targetUserId: user.id,
        details: { session_id: sessionIdOf(phone), current: false },
      });
    });

    it('may sign out the session asking', async () => {
      const user = await buildUser(ctx());
      expect((await revoke(user.session.access_token, sessionIdOf(user.session))).statusCode).toBe(204);
      await expectEnded(user.session);
    });

    it("answers 404 for another user's session and leaves it alone", async () => {
      const user = await buildUser(ctx());
      const stranger = await buildUser(ctx());
      expectError(await revoke(user.session.access_token, sessionIdOf(stranger.session)), 404, 'not_found');
      await expectAlive(stranger.session);
      expect((await listSessions(stranger.session.access_token)).map((s) => s.id)).toContain(sessionIdOf(stranger.session));
      expect((await auditOf(stranger.email)).filter((e) => e.action === 'session_revoked')).toEqual([]);
    });

    it('answers 404 for an unknown id, an id that is not a UUID and a session already ended', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      expectError(await revoke(user.session.access_token, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
      expectError(await revoke(user.session.access_token, 'not-a-session'), 404, 'not_found');
      expect((await revoke(user.session.access_token, sessionIdOf(other))).statusCode).toBe(204);
      expectError(await revoke(user.session.access_token, sessionIdOf(other)), 404, 'not_found');
    });
  });

  describe('POST /sessions/revoke-others', () => {
    it('signs out every other session of mine and no one else’s', async () => {
      const user = await buildUser(ctx());
      const desk = await signInFrom(user, CHROME_WINDOWS, '203.0.113.50');
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.51');
      const stranger = await buildUser(ctx());

      const res = await revokeOthers(desk.access_token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ revoked: 2 });
      await expectEnded(phone);
      await expectEnded(user.session);
      await expectAlive(desk);
      await expectAlive(stranger.session);
      expect((await listSessions(desk.access_token)).map((s) => s.id)).toEqual([sessionIdOf(desk)]);
      expect((await auditOf(user.email))[0]).toMatchObject({ action: 'other_sessions_revoked', actorId: user.id, details: { sessions_ended: 2 } });

      // Nothing left to end.
      expect((await revokeOthers(desk.access_token)).json()).toEqual({ revoked: 0 });
    });
  });

  describe('signed out', () => {
    it.each([
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/auth/sessions/revoke-others'],
    ] as const)('%s %s answers 401 without a token, and with a token that is not one', async (method, url) => {
      expectError(await inject({ method, url }), 401, 'no_authorization');
      expectError(await inject({ method, url, headers: bearer('not.a.jwt') }), 401, 'bad_jwt');
    });

    it('refuses the access token of a session that was signed out', async () => {
      const user = await buildUser(ctx());
      const phone = await signIn(ctx().app, user.email, user.password);
      await revoke(user.session.access_token, sessionIdOf(phone));
      expectError(await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(phone.access_token) }), 403, 'session_not_found');
      expectError(await revokeOthers(phone.access_token), 403, 'session_not_found');
    });
  });

  describe('changing the password', () => {
    it('PUT /user ends every other session (refresh and access refused) and keeps this one', async () => {
      const user = await buildUser(ctx());
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.60');
      const desk = await signInFrom(user, CHROME_WINDOWS, '203.0.113.61');
      const res = await inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: bearer(desk.access_token),
        payload: { password: 'Brand-New-Pass-7' },
        remoteAddress: '203.0.113.62',
      });
      expect(res.statusCode, res.body).toBe(200);

      await expectEnded(phone);
      await expectEnded(user.session);
      await expectAlive(desk);
      expect((await listSessions(desk.access_token)).map((s) => s.id)).toEqual([sessionIdOf(desk)]);
      const entry = (await auditOf(user.email)).find((e) => e.action === 'password_changed');
      expect(entry).toMatchObject({ actorId: user.id, targetUserId: user.id, ipAddress: '203.0.113.62', details: { other_sessions_ended: 2 } });
      expect(JSON.stringify(entry)).not.toContain('Brand-New-Pass-7');
    });

    it('a password reset through a recovery link ends every session but the recovery one', async () => {
      const user = await buildUser(ctx());
      const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.70');
      expect((await inject({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } })).statusCode).toBe(200);
      const message = ctx()
        .mail.filter((m) => m.to === user.email)
        .at(-1);
      const token = new URL(/https?:\/\/\S+/.exec(message?.text ?? '')?.[0] ?? '').searchParams.get('token') ?? '';
      const verified = await inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { type: 'recovery', token },
        headers: { 'user-agent': FIREFOX_LINUX },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const recovery = verified.json<Session>();
      expect((await listSessions(recovery.access_token)).find((s) => s.current)).toMatchObject({ method: 'recovery', device: 'Firefox on Linux' });

      const res = await inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(recovery.access_token), payload: { password: 'Recovered-Pass-8' } });
      expect(res.statusCode, res.body).toBe(200);
      await expectEnded(phone);
      await expectEnded(user.session);
      await expectAlive(recovery);
    });
  });
});
