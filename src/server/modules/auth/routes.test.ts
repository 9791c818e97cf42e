import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import type { Session } from '../../../shared/schemas/auth';
import { createTestApp, useTestApp, type TestContext } from '../../test/app';
import { buildUser, signIn, TEST_PASSWORD, uniqueEmail } from '../../test/factories';

const REDIRECT = 'http://trackside.test/account/reset-password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error body every failure carries (code mirrored into error_code for auth-js). */
function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; error_code: string }>();
  expect(body.code).toBe(code);
  expect(body.error_code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

function expectSession(res: LightMyRequestResponse, email?: string): Session {
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<Session>();
  expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  expect(session.access_token.split('.')).toHaveLength(3);
  expect(session.refresh_token).toEqual(expect.any(String));
  expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
  expect(session.user).toMatchObject({ id: expect.any(String), factors: [] });
  expect(session.user.identities).toHaveLength(1);
  if (email) expect(session.user.email).toBe(email.toLowerCase());
  return session;
}

/** Auth endpoints; the sign-in limits are raised for this app and tested on apps of their own below. */
describe('auth API', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000' });

  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const passwordGrant = (payload: unknown, remoteAddress?: string) =>
    inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: payload as object, ...(remoteAddress ? { remoteAddress } : {}) });
  const refreshGrant = (refresh_token: string) => inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token } });
  const getUser = (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const recover = (email: string, query = '') => inject({ method: 'POST', url: `/api/auth/recover${query}`, payload: { email } });

  /** The recovery link e-mailed to `email` (the newest one). */
  function recoveryLink(email: string): URL {
    const message = ctx()
      .mail.filter((m) => m.to === email.toLowerCase())
      .at(-1);
    expect(message, `no mail to ${email}`).toBeDefined();
    const href = /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
    expect(href).toBeDefined();
    return new URL(href ?? '');
  }
  const follow = (link: URL) => inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  const fragmentOf = (res: LightMyRequestResponse) => {
    const location = new URL(String(res.headers.location));
    return { location, params: new URLSearchParams(location.hash.slice(1)) };
  };

  describe('POST /token?grant_type=password', () => {
    it('answers a session for the right password, whatever the e-mail case', async () => {
      const user = await buildUser(ctx());
      const res = await passwordGrant({ email: user.email.toUpperCase(), password: user.password });
      const session = expectSession(res, user.email);
      expect(session.user.id).toBe(user.id);
      expect(session.user.identities[0]).toMatchObject({ provider: 'email', user_id: user.id, identity_data: { email: user.email } });
      expect(session.user.last_sign_in_at).not.toBeNull();
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({ sub: user.id, email: user.email, aud: 'authenticated', role: 'authenticated', iss: 'http://trackside.test/api/auth' });
      expect(claims.exp).toBe(session.expires_at);
    });

    it('answers invalid_credentials alike for a wrong password and an unknown e-mail', async () => {
      const user = await buildUser(ctx());
      const expected = { error: 'Invalid login credentials', code: 'invalid_credentials', error_code: 'invalid_credentials' };
      const wrong = await passwordGrant({ email: user.email, password: 'Wrong-password-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject(expected);
      const unknown = await passwordGrant({ email: uniqueEmail('nobody'), password: 'Wrong-password-1' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('validates the e-mail and the password length, listing the fields', async () => {
      const badEmail = expectError(
        await passwordGrant({ email: 'not-an-email', password: 'long enough' }),
        400,
        'validation_failed',
        messages.validation.invalidEmail,
      );
      expect(badEmail).toMatchObject({ details: [{ path: 'email', message: messages.validation.invalidEmail }] });

      const short = expectError(
        await passwordGrant({ email: uniqueEmail(), password: '12345' }),
        400,
        'validation_failed',
        messages.validation.loginPasswordTooShort,
      );
      expect(short).toMatchObject({ details: [{ path: 'password', message: messages.validation.loginPasswordTooShort }] });

      const both = expectError(await passwordGrant({}), 400, 'validation_failed');
      expect((both as unknown as { details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual(['email', 'password']);
    });

    it('rejects a missing or unknown grant_type', async () => {
      for (const url of ['/api/auth/token', '/api/auth/token?grant_type=magic']) {
        const res = await inject({ method: 'POST', url, payload: { email: uniqueEmail(), password: TEST_PASSWORD } });
        expectError(res, 400, 'validation_failed', 'grant_type must be password or refresh_token');
      }
    });

    it('rejects a body that is not JSON', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expectError(res, 400, 'validation_failed');
    });
  });

  describe('POST /token?grant_type=refresh_token', () => {
    it('rotates the refresh token; a spent one revokes its whole family once the reuse interval is over', async () => {
      const user = await buildUser(ctx());
      const first = user.session;
      const second = expectSession(await refreshGrant(first.refresh_token), user.email);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.user.id).toBe(user.id);
      expect((await getUser(second.access_token)).statusCode).toBe(200);

      // Past the reuse interval, the spent token again: the family is revoked…
      vi.useFakeTimers({ now: Date.now() + (ctx().config.refreshTokenReuseSeconds + 1) * 1000, toFake: ['Date'] });
      try {
        expectError(await refreshGrant(first.refresh_token), 401, 'refresh_token_already_used', messages.auth.refreshTokenAlreadyUsed);
      } finally {
        vi.useRealTimers();
      }
      // …so the token issued from it no longer refreshes, and its access token's session is gone.
      const again = await refreshGrant(second.refresh_token);
      expect(again.statusCode).toBeGreaterThanOrEqual(400);
      expect(again.statusCode).toBeLessThan(500);
      expectError(await getUser(second.access_token), 403, 'session_not_found');
      expectError(await getUser(first.access_token), 403, 'session_not_found');

      // Other sign-ins of the same user are untouched.
      const other = await signIn(ctx().app, user.email, user.password);
      expect((await getUser(other.access_token)).statusCode).toBe(200);
    });

    it('gives a session again for a token spent within the reuse interval (a retried or concurrent refresh), in the same family', async () => {
      const user = await buildUser(ctx());
      const [one, two] = await Promise.all([refreshGrant(user.session.refresh_token), refreshGrant(user.session.refresh_token)]);
      const a = expectSession(one, user.email);
      const b = expectSession(two, user.email);
      expect(a.refresh_token).not.toBe(b.refresh_token);
      // Both tabs go on refreshing; signing out ends the one session both belong to.
      const aNext = expectSession(await refreshGrant(a.refresh_token), user.email);
      const bNext = expectSession(await refreshGrant(b.refresh_token), user.email);
      expect((await inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${aNext.access_token}` } })).statusCode).toBe(204);
      expectError(await getUser(bNext.access_token), 403, 'session_not_found');
    });

    it('answers refresh_token_not_found for an unknown token, and validates the body', async () => {
      expectError(await refreshGrant('no-such-token'), 400, 'refresh_token_not_found', messages.auth.refreshTokenNotFound);
      expectError(
        await inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: {} }),
        400,
        'validation_failed',
        'refresh_token is required',
      );
    });
  });

  describe('POST /signup', () => {
    it('is off by default: 403 signup_disabled, no account made', async () => {
      const email = uniqueEmail('signup');
      expectError(
        await inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } }),
        403,
        'signup_disabled',
        'Sign up is coming soon',
      );
      expect((await passwordGrant({ email, password: TEST_PASSWORD })).statusCode).toBe(400);
    });

    describe('with SIGNUP_ENABLED=true', () => {
      let open: TestContext;
      beforeAll(async () => {
        open = await createTestApp({ SIGNUP_ENABLED: 'true' }, ctx().database);
      });
      afterAll(async () => {
        await open.app.close();
      });

      it('creates the account and answers a session; a taken e-mail is 422 email_exists', async () => {
        const email = uniqueEmail('signup');
        const res = await open.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } });
        const session = expectSession(res, email);
        expect((await open.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session.access_token) })).json()).toMatchObject({ email });

        const again = await open.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: email.toUpperCase(), password: TEST_PASSWORD } });
        expectError(again, 422, 'email_exists', messages.auth.emailExists);
      });

      it('validates like sign-in', async () => {
        const res = await open.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nope', password: TEST_PASSWORD } });
        expectError(res, 400, 'validation_failed', messages.validation.invalidEmail);
      });
    });
  });

  describe('POST /logout', () => {
    it('scope=local ends only that session', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      const res = await inject({ method: 'POST', url: '/api/auth/logout?scope=local', headers: user.headers });
      expect(res.statusCode).toBe(204);
      expectError(await getUser(user.session.access_token), 403, 'session_not_found', messages.auth.sessionMissing);
      expect((await refreshGrant(user.session.refresh_token)).statusCode).not.toBe(200);
      expect((await getUser(other.access_token)).statusCode).toBe(200);
    });

    it('scope=global (the default) ends every session of the user, and no one else’s', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      const stranger = await buildUser(ctx());
      const res = await inject({ method: 'POST', url: '/api/auth/logout?scope=global', headers: user.headers });
      expect(res.statusCode).toBe(204);
      expectError(await getUser(user.session.access_token), 403, 'session_not_found');
      expectError(await getUser(other.access_token), 403, 'session_not_found');
      expect((await getUser(stranger.session.access_token)).statusCode).toBe(200);

      const third = await signIn(ctx().app, user.email, user.password);
      expect((await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(third.access_token) })).statusCode).toBe(204);
      expectError(await getUser(third.access_token), 403, 'session_not_found');
    });

    it('accepts the empty JSON body that auth-js sends with its sign-out', async () => {
      const user = await buildUser(ctx());
      const res = await inject({
        method: 'POST',
        url: '/api/auth/logout?scope=global',
        headers: { ...user.headers, 'content-type': 'application/json;charset=UTF-8' },
      });
      expect(res.statusCode, res.body).toBe(204);
      expectError(await getUser(user.session.access_token), 403, 'session_not_found');
    });

    it('still refuses malformed and prototype-poisoning JSON bodies', async () => {
      for (const payload of ['{"email":', '{"__proto__":{"admin":true},"email":"a@b.co","password":"123456"}']) {
        const res = await inject({ method: 'POST', url: '/api/auth/token?grant_type=password', headers: { 'content-type': 'application/json' }, payload });
        expectError(res, 400, 'validation_failed');
      }
    });

    it('answers 401 without a token, 403 for a session already ended, 400 for an unknown scope', async () => {
      expectError(await inject({ method: 'POST', url: '/api/auth/logout?scope=global' }), 401, 'no_authorization');
      const user = await buildUser(ctx());
      await inject({ method: 'POST', url: '/api/auth/logout?scope=local', headers: user.headers });
      expectError(await inject({ method: 'POST', url: '/api/auth/logout?scope=local', headers: user.headers }), 403, 'session_not_found');
      const fresh = await signIn(ctx().app, user.email, user.password);
      expectError(await inject({ method: 'POST', url: '/api/auth/logout?scope=everything', headers: bearer(fresh.access_token) }), 400, 'validation_failed');
    });
  });

  describe('GET /user', () => {
    it('answers the signed-in user', async () => {
      const user = await buildUser(ctx());
      const res = await getUser(user.session.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email, aud: 'authenticated', factors: [], identities: [{ provider: 'email' }] });
      expect(res.json()).not.toHaveProperty('password_hash');
      expect(res.json()).not.toHaveProperty('passwordHash');
    });

    it('answers 401 no_authorization without a bearer token', async () => {
      expectError(await inject({ method: 'GET', url: '/api/auth/user' }), 401, 'no_authorization', messages.auth.sessionMissing);
      expectError(await inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Basic dXNlcjpwdw==' } }), 401, 'no_authorization');
    });

    it('answers 401 bad_jwt for garbage, a tampered token or a token from another key', async () => {
      const user = await buildUser(ctx());
      expectError(await getUser('garbage'), 401, 'bad_jwt', messages.auth.invalidJwt);

      const [header, payload, signature] = user.session.access_token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url');
      expectError(await getUser(`${header}.${forgedPayload}.${signature}`), 401, 'bad_jwt');
      const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
      expectError(await getUser(`${header}.${payload}.${flipped}`), 401, 'bad_jwt');
      expectError(await getUser(`${header}.${payload}.`), 401, 'bad_jwt');
    });

    it('answers 401 bad_jwt for an expired token', async () => {
      const user = await buildUser(ctx());
      const claims = decodeJwt(user.session.access_token) as Record<string, unknown> & { sub: string };
      const now = Math.floor(Date.now() / 1000);
      const expired = await ctx().app.services.keys.sign({ ...claims, sub: claims.sub, iat: now - 3700, exp: now - 100 });
      expectError(await getUser(expired), 401, 'bad_jwt');
      // The same claims with a live expiry pass: the expiry alone made the difference.
      const live = await ctx().app.services.keys.sign({ ...claims, sub: claims.sub, iat: now, exp: now + 60 });
      expect((await getUser(live)).statusCode).toBe(200);
    });

    it('answers 401 bad_jwt once ACCESS_TOKEN_TTL has passed', async () => {
      const shortLived = await createTestApp({ ACCESS_TOKEN_TTL: '1' }, ctx().database);
      try {
        const user = await buildUser(shortLived);
        expect(user.session.expires_in).toBe(1);
        await sleep(1100);
        const res = await shortLived.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.headers });
        expectError(res, 401, 'bad_jwt');
      } finally {
        await shortLived.app.close();
      }
    });
  });

  describe('PUT /user', () => {
    let sharedUser: Awaited<ReturnType<typeof buildUser>> | undefined;
    it.each([
      ['Sh0rt', messages.validation.resetPasswordTooShort],
      ['lowercase-only-1', messages.validation.resetPasswordUppercase],
      ['UPPERCASE-ONLY-1', messages.validation.resetPasswordLowercase],
      ['No-Digits-Here', messages.validation.resetPasswordNumber],
    ])('rejects %s: %s', async (password, message) => {
      const user = sharedUser ?? (sharedUser = await buildUser(ctx()));
      const res = await inject({ method: 'PUT', url: '/api/auth/user', headers: user.headers, payload: { password } });
      expectError(res, 422, 'weak_password', message);
      expect(res.json().details.reasons).toContain(message);
    });

    it('answers 401 without a token', async () => {
      expectError(await inject({ method: 'PUT', url: '/api/auth/user', payload: { password: 'New-Password-1' } }), 401, 'no_authorization');
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      const res = await inject({ method: 'PUT', url: '/api/auth/user', headers: user.headers, payload: { password: 'New-Password-1' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email });

      expect((await getUser(user.session.access_token)).statusCode).toBe(200);
      expectError(await getUser(other.access_token), 403, 'session_not_found');
      expect((await refreshGrant(other.refresh_token)).statusCode).not.toBe(200);
      expect((await refreshGrant(user.session.refresh_token)).statusCode).toBe(200);

      expectError(await passwordGrant({ email: user.email, password: user.password }), 400, 'invalid_credentials');
      expectSession(await passwordGrant({ email: user.email, password: 'New-Password-1' }), user.email);
    });
  });

  describe('password recovery', () => {
    it('refuses a reset link sent before the password was changed', async () => {
      const user = await buildUser(ctx());
      expect((await recover(user.email)).statusCode).toBe(200);
      const stale = recoveryLink(user.email);
      const put = await inject({ method: 'PUT', url: '/api/auth/user', headers: user.headers, payload: { password: 'Changed-Meanwhile-3' } });
      expect(put.statusCode).toBe(200);
      expect(fragmentOf(await follow(stale)).params.get('error_code')).toBe('otp_expired');
    });

    it('limits recovery requests per address as well as per e-mail', async () => {
      const from = '10.7.7.7';
      for (let i = 1; i <= 20; i++) {
        const res = await inject({ method: 'POST', url: '/api/auth/recover', payload: { email: uniqueEmail(`many${i}`) }, remoteAddress: from });
        expect(res.statusCode, `request ${i}`).toBe(200);
      }
      const over = await inject({ method: 'POST', url: '/api/auth/recover', payload: { email: uniqueEmail('many21') }, remoteAddress: from });
      expectError(over, 429, 'over_email_send_rate_limit', messages.auth.overEmailSendRateLimit);
    });

    it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
      const user = await buildUser(ctx());
      const unknown = uniqueEmail('ghost');
      const before = ctx().mail.length;
      const known = await recover(user.email);
      const ghost = await recover(unknown);
      expect(known.statusCode).toBe(200);
      expect(ghost.statusCode).toBe(200);
      expect(ghost.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: messages.auth.recoverSent });
      const sent = ctx().mail.slice(before);
      expect(sent.map((m) => m.to)).toEqual([user.email]);
      expect(sent[0]?.subject).toMatch(/password/i);
    });

    it('e-mails a single-use link that redirects with a recovery session in the fragment', async () => {
      const user = await buildUser(ctx());
      expect((await recover(user.email, `?redirect_to=${encodeURIComponent(REDIRECT)}`)).statusCode).toBe(200);
      const link = recoveryLink(user.email);
      expect(link.origin).toBe('http://trackside.test');
      expect(link.pathname).toBe('/api/auth/verify');
      expect(link.searchParams.get('type')).toBe('recovery');
      expect(link.searchParams.get('redirect_to')).toBe(REDIRECT);

      const res = await follow(link);
      expect(res.statusCode).toBe(303);
      expect(res.headers['cache-control']).toBe('no-store');
      const { location, params } = fragmentOf(res);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(params.get('type')).toBe('recovery');
      expect(params.get('token_type')).toBe('bearer');
      const accessToken = params.get('access_token') ?? '';
      expect(params.get('refresh_token')).toBeTruthy();
      expect(decodeJwt(accessToken)).toMatchObject({ sub: user.id, amr: [{ method: 'recovery' }] });

      // The recovery session may set a new password.
      const put = await inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(accessToken), payload: { password: 'Recovered-Pass-2' } });
      expect(put.statusCode).toBe(200);
      expectSession(await passwordGrant({ email: user.email, password: 'Recovered-Pass-2' }));

      // Used once: the second visit carries otp_expired instead.
      const second = fragmentOf(await follow(link));
      expect(`${second.location.origin}${second.location.pathname}`).toBe(REDIRECT);
      expect(second.params.get('error_code')).toBe('otp_expired');
      expect(second.params.get('error_description')).toBe(messages.auth.otpExpired);
      expect(second.params.get('access_token')).toBeNull();
    });

    it('defaults the redirect to PUBLIC_URL/account/reset-password and answers otp_expired for an unknown token', async () => {
      const res = await inject({ method: 'GET', url: '/api/auth/verify?token=made-up&type=recovery' });
      expect(res.statusCode).toBe(303);
      const { location, params } = fragmentOf(res);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(params.get('error_code')).toBe('otp_expired');
      expectError(await inject({ method: 'GET', url: '/api/auth/verify?token=made-up&type=signup' }), 400, 'validation_failed');
    });

    it('sends the link to PUBLIC_URL/account/reset-password when the redirect is not allowed, as GoTrue does', async () => {
      // The site reached at 127.0.0.1 while PUBLIC_URL names another host, a foreign origin, a
      // protocol-relative one and an address that does not parse: each is replaced, none refused.
      const from = '10.7.7.8';
      for (const redirect of ['http://127.0.0.1:3000/account/reset-password', 'https://evil.example/steal', '//evil.example/x', 'http://[broken']) {
        const user = await buildUser(ctx());
        const res = await inject({
          method: 'POST',
          url: `/api/auth/recover?redirect_to=${encodeURIComponent(redirect)}`,
          payload: { email: user.email },
          remoteAddress: from,
        });
        expect(res.statusCode, redirect).toBe(200);
        expect(res.json()).toEqual({ message: messages.auth.recoverSent });
        const link = recoveryLink(user.email);
        expect(link.searchParams.get('redirect_to'), redirect).toBe(REDIRECT);
        const { location, params } = fragmentOf(await follow(link));
        expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
        expect(params.get('type')).toBe('recovery');
      }
      // The body's redirectTo (auth-js) is treated alike.
      const user = await buildUser(ctx());
      const res = await inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email: user.email, redirectTo: 'https://evil.example/x' },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(200);
      expect(recoveryLink(user.email).searchParams.get('redirect_to')).toBe(REDIRECT);
    });

    it('never counts a refused recovery request against the limits', async () => {
      const from = '10.7.7.9';
      const user = await buildUser(ctx());
      const attempt = (payload: object) => inject({ method: 'POST', url: '/api/auth/recover', payload, remoteAddress: from });
      // Bad input naming a real account's e-mail: refused, and the address's minute not started.
      expectError(await attempt({ email: user.email, redirectTo: 42 }), 400, 'validation_failed');
      // Bad input again and again from one address: every answer is the validation error, never 429.
      for (let i = 1; i <= 25; i++) expectError(await attempt({ email: 'not-an-email' }), 400, 'validation_failed', messages.validation.invalidEmail);
      const mailsBefore = ctx().mail.length;
      expect((await attempt({ email: user.email })).statusCode).toBe(200);
      expect(
        ctx()
          .mail.slice(mailsBefore)
          .map((m) => m.to),
      ).toEqual([user.email]);
      // The request that was accepted does start the minute.
      expectError(await attempt({ email: user.email }), 429, 'over_email_send_rate_limit', messages.auth.overEmailSendRateLimit);
    });

    it('does not start the minute when no mail can be sent (503): the retry goes through', async () => {
      let mailUp = false;
      const flaky = await createTestApp({}, ctx().database, { mailReady: async () => mailUp });
      try {
        const user = await buildUser(ctx());
        const ask = () => flaky.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } });
        expectError(await ask(), 503, 'service_unavailable', messages.auth.mailUnavailable);
        expect(flaky.mail).toHaveLength(0);
        mailUp = true;
        expect((await ask()).statusCode).toBe(200);
        expect(flaky.mail.map((m) => m.to)).toEqual([user.email]);
        expectError(await ask(), 429, 'over_email_send_rate_limit');
      } finally {
        await flaky.app.close();
      }
    });

    it('refuses a forged verify link that redirects to a foreign origin', async () => {
      const evil = encodeURIComponent('https://evil.example/steal');
      expectError(await inject({ method: 'GET', url: `/api/auth/verify?token=x&type=recovery&redirect_to=${evil}` }), 400, 'redirect_not_allowed');
      const relative = await inject({ method: 'GET', url: `/api/auth/verify?token=x&type=recovery&redirect_to=${encodeURIComponent('//evil.example/x')}` });
      expectError(relative, 400, 'redirect_not_allowed');
    });

    it('exchanges the token for a session with POST /verify, once', async () => {
      const user = await buildUser(ctx());
      await recover(user.email);
      const token = recoveryLink(user.email).searchParams.get('token') ?? '';
      const res = await inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'recovery', token_hash: token } });
      const session = expectSession(res, user.email);
      expect(decodeJwt(session.access_token)).toMatchObject({ amr: [{ method: 'recovery' }] });
      expectError(
        await inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'recovery', token_hash: token } }),
        403,
        'otp_expired',
        messages.auth.otpExpired,
      );
      expectError(
        await inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'recovery' } }),
        400,
        'validation_failed',
        messages.reset.invalidOrMissingToken,
      );
    });

    it('limits recovery e-mails to one a minute per address, alike for unknown addresses', async () => {
      const user = await buildUser(ctx());
      const unknown = uniqueEmail('ghost');
      expect((await recover(user.email)).statusCode).toBe(200);
      expect((await recover(unknown)).statusCode).toBe(200);
      const mailsBefore = ctx().mail.length;

      const known = await recover(user.email.toUpperCase());
      const ghost = await recover(unknown);
      for (const res of [known, ghost]) {
        expectError(res, 429, 'over_email_send_rate_limit', messages.auth.overEmailSendRateLimit);
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      expect(ghost.json()).toEqual(known.json());
      expect(ctx().mail.length).toBe(mailsBefore);
      // Another address is not affected.
      expect((await recover(uniqueEmail('other'))).statusCode).toBe(200);
    });

    it('rejects a recovery request without a valid e-mail', async () => {
      expectError(await recover('not-an-email'), 400, 'validation_failed', messages.validation.invalidEmail);
    });

    it('lets a link expire after RECOVERY_TOKEN_TTL', async () => {
      const shortLived = await createTestApp({ RECOVERY_TOKEN_TTL: '1' }, ctx().database);
      try {
        const user = await buildUser(ctx());
        await shortLived.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } });
        const message = shortLived.mail.at(-1);
        expect(message?.to).toBe(user.email);
        const link = new URL(/https?:\/\/\S+/.exec(message?.text ?? '')?.[0] ?? '');
        await sleep(1500);
        const res = await shortLived.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
        expect(res.statusCode).toBe(303);
        expect(fragmentOf(res).params.get('error_code')).toBe('otp_expired');
      } finally {
        await shortLived.app.close();
      }
    });
  });

  describe('JWKS and key rotation', () => {
    it('publishes an EC P-256 key that verifies access tokens', async () => {
      const user = await buildUser(ctx());
      const res = await inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/max-age=600\b/);
      const jwks = res.json<{ keys: JWK[] }>();
      expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
      for (const key of jwks.keys) {
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
        expect(key).not.toHaveProperty('d');
      }
      const { payload, protectedHeader } = await jwtVerify(user.session.access_token, createLocalJWKSet(jwks), {
        issuer: 'http://trackside.test/api/auth',
        audience: 'authenticated',
      });
      expect(payload.sub).toBe(user.id);
      expect(jwks.keys.map((k) => k.kid)).toContain(protectedHeader.kid);
    });

    it('keeps tokens signed before a rotation valid and signs new ones with the new key', async () => {
      const user = await buildUser(ctx());
      const oldKid = decodeProtectedHeader(user.session.access_token).kid;
      const newKid = await ctx().app.services.keys.rotate();
      expect(newKid).not.toBe(oldKid);

      expect((await getUser(user.session.access_token)).statusCode).toBe(200);
      const jwks = (await inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json<{ keys: JWK[] }>();
      expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));

      const fresh = await signIn(ctx().app, user.email, user.password);
      expect(decodeProtectedHeader(fresh.access_token).kid).toBe(newKid);
      await jwtVerify(fresh.access_token, createLocalJWKSet(jwks), { issuer: 'http://trackside.test/api/auth', audience: 'authenticated' });
      expect((await getUser(fresh.access_token)).statusCode).toBe(200);
      // A refresh after the rotation is signed with the new key too.
      const refreshed = expectSession(await refreshGrant(user.session.refresh_token));
      expect(decodeProtectedHeader(refreshed.access_token).kid).toBe(newKid);
    });
  });

  describe('sign-in rate limits (default 30 a minute per address, 10 per account from one address)', () => {
    let limited: TestContext;
    beforeAll(async () => {
      limited = await createTestApp({}, ctx().database);
    });
    afterAll(async () => {
      await limited.app.close();
    });
    const attempt = (email: string, password: string, remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password }, remoteAddress });
    const refreshFrom = (refreshToken: string, remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: refreshToken }, remoteAddress });

    function expectLimited(res: LightMyRequestResponse) {
      expectError(res, 429, 'over_request_rate_limit', messages.auth.overRequestRateLimit);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    it('slows a guesser at one account from one address without locking the owner out elsewhere', async () => {
      const user = await buildUser(ctx());
      for (let i = 1; i <= 10; i++) {
        const res = await attempt(user.email, 'Wrong-password-1', '10.0.0.1');
        expect(res.statusCode, `attempt ${i}`).toBe(400);
      }
      // The guesser's 11th try is refused, whatever the case of the e-mail…
      expectLimited(await attempt(user.email.toUpperCase(), 'Wrong-password-1', '10.0.0.1'));
      // …while the owner, from their own address, signs in.
      expect((await attempt(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
    });

    it('lets 20 colleagues behind one office address sign in and refresh within a minute', async () => {
      const colleagues = await Promise.all(Array.from({ length: 20 }, () => buildUser(ctx())));
      const office = '10.8.8.8';
      const sessions: Session[] = [];
      for (const colleague of colleagues) {
        const res = await attempt(colleague.email, colleague.password, office);
        expect(res.statusCode, colleague.email).toBe(200);
        sessions.push(res.json<Session>());
      }
      for (const session of sessions) expect((await refreshFrom(session.refresh_token, office)).statusCode).toBe(200);
    });

    it('stops the 31st attempt from one address within a minute, across e-mails; refreshes are counted apart', async () => {
      for (let i = 1; i <= 30; i++) {
        const res = await attempt(uniqueEmail(`ip${i}`), 'Wrong-password-1', '10.9.9.9');
        expect(res.statusCode, `attempt ${i}`).toBe(400);
      }
      expectLimited(await attempt(uniqueEmail('ip31'), 'Wrong-password-1', '10.9.9.9'));
      // Refreshing from that address is still possible: its own bucket.
      const user = await buildUser(ctx());
      expect((await refreshFrom(user.session.refresh_token, '10.9.9.9')).statusCode).toBe(200);
      expect((await attempt(uniqueEmail('elsewhere'), 'Wrong-password-1', '10.9.9.10')).statusCode).toBe(400);
    });
  });
});
