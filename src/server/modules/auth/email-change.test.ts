import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { AuthUser, Session } from '../../../shared/schemas/auth';
import { addToWhitelist } from '../roles/service';
import { createTestApp, useTestApp, type TestContext } from '../../test/app';
import { buildUser, signIn, uniqueEmail } from '../../test/factories';
import { auditLog, users } from './tables';
import { useAuthJs } from '../../test/auth-js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; error_code: string }>();
  expect(body.code).toBe(code);
  expect(body.error_code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
}

/** Issue 19: change of e-mail, confirmed at the new address (GoTrue's single-confirmation flow). */
describe('change of e-mail', () => {
  // Requests follow each other faster than the per-account minute; that limit has its own app below.
  const ctx = useTestApp({ RECOVER_RATE_LIMIT_SECONDS: '0' });
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const changeEmail = (token: string, payload: unknown, query = '') =>
    inject({ method: 'PUT', url: `/api/auth/user${query}`, headers: bearer(token), payload: payload as object });
  const getUser = (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const mailsTo = (email: string) => ctx().mail.filter((m) => m.to === email.toLowerCase());
  const linkIn = (email: string) => {
    const href = /https?:\/\/\S+/.exec(mailsTo(email).at(-1)?.text ?? '')?.[0];
    expect(href, `no link mailed to ${email}`).toBeDefined();
    return new URL(href ?? '');
  };
  const follow = (link: URL) => inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  const fragmentOf = (res: LightMyRequestResponse) => {
    const location = new URL(String(res.headers.location));
    return { location, params: new URLSearchParams(location.hash.slice(1)) };
  };
  const auditOf = (userId: string) =>
    ctx()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, userId))
      .then((rows) => rows.map((r) => ({ action: r.action, details: r.details })));

  describe('with @supabase/auth-js', () => {
    const { client } = useAuthJs(ctx);

    it('updateUser({ email }) leaves the e-mail until verifyOtp({ type: email_change }) confirms the new address', async () => {
      const user = await buildUser(ctx());
      const other = await signIn(ctx().app, user.email, user.password);
      const auth = client();
      expect((await auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
      const newEmail = uniqueEmail('moved');

      const updated = await auth.updateUser({ email: newEmail.toUpperCase() }, { emailRedirectTo: 'http://trackside.test/account/confirm-email' });
      expect(updated.error).toBeNull();
      expect(updated.data.user).toMatchObject({ email: user.email, new_email: newEmail });
      expect(updated.data.user?.email_change_sent_at).toEqual(expect.any(String));

      // The new address gets the link; the old one a notice naming the new address.
      const link = linkIn(newEmail);
      expect(link.searchParams.get('type')).toBe('email_change');
      expect(link.searchParams.get('redirect_to')).toBe('http://trackside.test/account/confirm-email');
      expect(mailsTo(newEmail).at(-1)?.text).toContain('24 hours');
      const notice = mailsTo(user.email).at(-1);
      expect(notice?.subject).toBe('Your Trackside e-mail address is being changed');
      expect(notice?.text).toContain(newEmail);
      expect(notice?.text).not.toContain(link.searchParams.get('token') ?? 'no token');

      // Nothing has changed yet: the old address still signs in, the pending address does not.
      expect((await getUser(user.session.access_token)).json<AuthUser>()).toMatchObject({ email: user.email, new_email: newEmail });
      expect(
        (await inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: newEmail, password: user.password } })).statusCode,
      ).toBe(400);

      const verified = await auth.verifyOtp({ type: 'email_change', token_hash: link.searchParams.get('token') ?? '' });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.email).toBe(newEmail);
      expect(verified.data.user?.new_email).toBeUndefined();
      expect((await auth.getUser()).data.user?.email).toBe(newEmail);

      // The account, its profile and sign-in follow; other sessions stay (as GoTrue leaves them).
      const profile = await inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(other.access_token) });
      expect(profile.json<{ email: string }>().email).toBe(newEmail);
      expect((await getUser(other.access_token)).json<AuthUser>().email).toBe(newEmail);
      await signIn(ctx().app, newEmail, user.password);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: user.email, password: user.password } })).statusCode,
      ).toBe(400);

      const done = mailsTo(user.email).at(-1);
      expect(done?.subject).toBe('Your Trackside e-mail address has been changed');
      expect(done?.text).toContain(newEmail);

      expect(await auditOf(user.id)).toEqual(
        expect.arrayContaining([
          { action: 'user_email_change_requested', details: { old_email: user.email, new_email: newEmail } },
          { action: 'user_email_changed', details: { old_email: user.email, new_email: newEmail } },
        ]),
      );
      // The link is spent.
      expect((await client().verifyOtp({ type: 'email_change', token_hash: link.searchParams.get('token') ?? '' })).error?.code).toBe('otp_expired');
    });
  });

  it('follows the e-mailed link to the confirmation page with a session, once', async () => {
    const user = await buildUser(ctx());
    const newEmail = uniqueEmail('linked');
    expect((await changeEmail(user.session.access_token, { email: newEmail })).statusCode).toBe(200);
    const link = linkIn(newEmail);
    const res = await follow(link);
    expect(res.statusCode).toBe(303);
    const { location, params } = fragmentOf(res);
    expect(`${location.origin}${location.pathname}`).toBe('http://trackside.test/account/confirm-email');
    expect(params.get('type')).toBe('email_change');
    expect((await getUser(params.get('access_token') ?? '')).json<AuthUser>().email).toBe(newEmail);

    const again = fragmentOf(await follow(link)).params;
    expect(again.get('error_code')).toBe('otp_expired');
    expect(again.get('access_token')).toBeNull();
  });

  it('sends a link from an address that is not allowed to PUBLIC_URL’s confirmation page', async () => {
    const user = await buildUser(ctx());
    const newEmail = uniqueEmail('redirect');
    await changeEmail(user.session.access_token, { email: newEmail }, '?redirect_to=https%3A%2F%2Fevil.example%2Fsteal');
    expect(linkIn(newEmail).searchParams.get('redirect_to')).toBe('http://trackside.test/account/confirm-email');
  });

  describe('bad input changes nothing and sends nothing', () => {
    const cases: [string, (me: string, taken: string) => unknown, number, string, string][] = [
      ['an invalid address', () => ({ email: 'not-an-email' }), 400, 'validation_failed', messages.validation.invalidEmail],
      ['a non-string address', () => ({ email: 42 }), 400, 'validation_failed', messages.validation.invalidEmail],
      ['the current address', (me) => ({ email: me.toUpperCase() }), 400, 'validation_failed', messages.emailChange.sameEmail],
      ['another account’s address', (_me, taken) => ({ email: taken }), 422, 'email_exists', messages.auth.emailExists],
      ['a weak password alongside', () => ({ email: uniqueEmail('both'), password: 'weak' }), 422, 'weak_password', messages.validation.resetPasswordTooShort],
    ];
    it.each(cases)('refuses %s', async (_name, body, status, code, error) => {
      const user = await buildUser(ctx());
      const taken = await buildUser(ctx());
      const sent = ctx().mail.length;
      expectError(await changeEmail(user.session.access_token, body(user.email, taken.email)), status, code, error);
      expect(ctx().mail.length).toBe(sent);
      const now = (await getUser(user.session.access_token)).json<AuthUser>();
      expect(now.email).toBe(user.email);
      expect(now.new_email).toBeUndefined();
      expect(await auditOf(user.id)).toEqual([]);
    });
  });

  it('refuses a caller without a session', async () => {
    expectError(await inject({ method: 'PUT', url: '/api/auth/user', payload: { email: uniqueEmail() } }), 401, 'no_authorization');
  });

  it('refuses unknown, voided and expired links with otp_expired', async () => {
    const user = await buildUser(ctx());
    const verify = (token: string) => inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'email_change', token_hash: token } });
    expectError(await verify('not-a-token'), 403, 'otp_expired', messages.auth.otpExpired);

    // A newer request voids the older link; the newer one changes to its own address.
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await changeEmail(user.session.access_token, { email: first });
    const firstToken = linkIn(first).searchParams.get('token') ?? '';
    await changeEmail(user.session.access_token, { email: second });
    expect((await getUser(user.session.access_token)).json<AuthUser>().new_email).toBe(second);
    expectError(await verify(firstToken), 403, 'otp_expired');
    const secondToken = linkIn(second).searchParams.get('token') ?? '';

    // Older than 24 hours: refused, and the account keeps its address.
    await ctx()
      .database.db.update(users)
      .set({ emailChangeSentAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) })
      .where(eq(users.id, user.id));
    expectError(await verify(secondToken), 403, 'otp_expired');
    expect((await getUser(user.session.access_token)).json<AuthUser>().email).toBe(user.email);
  });

  it('refuses a confirmation when another account took the address meanwhile', async () => {
    const user = await buildUser(ctx());
    const wanted = uniqueEmail('wanted');
    await changeEmail(user.session.access_token, { email: wanted });
    const token = linkIn(wanted).searchParams.get('token') ?? '';
    await buildUser(ctx(), { email: wanted });
    expectError(await inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'email_change', token } }), 422, 'email_exists');
    const now = (await getUser(user.session.access_token)).json<AuthUser>();
    expect(now.email).toBe(user.email);
    expect(now.new_email).toBeUndefined();
  });

  it('grants "Make Me Admin" for a whitelisted address only once the new address is confirmed', async () => {
    const user = await buildUser(ctx());
    const whitelisted = uniqueEmail('boss');
    await addToWhitelist(ctx().database.db, whitelisted);
    await changeEmail(user.session.access_token, { email: whitelisted });
    const grant = () => inject({ method: 'POST', url: '/api/admin/grant-self', headers: user.headers });
    expect((await grant()).statusCode).toBe(403);
    const token = linkIn(whitelisted).searchParams.get('token') ?? '';
    expect((await inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'email_change', token } })).statusCode).toBe(200);
    expect((await grant()).statusCode).toBe(200);
  });

  it('keeps the profile’s e-mail the account’s: a different one is refused with a pointer to "Change e-mail"', async () => {
    const user = await buildUser(ctx());
    const patch = (email: string) => inject({ method: 'PATCH', url: '/api/profiles/me', headers: user.headers, payload: { email } });
    expectError(await patch(uniqueEmail('profile')), 400, 'validation_failed', messages.emailChange.profileEmailReadOnly);
    expect((await patch(user.email)).statusCode).toBe(200);
    expect((await getUser(user.session.access_token)).json<AuthUser>().email).toBe(user.email);
  });
});

describe('change of e-mail limits and mail failures', () => {
  let ctx: TestContext;
  let mailUp = true;
  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, { mailReady: async () => mailUp });
    return async () => {
      await ctx.app.close();
      await ctx.database.close();
    };
  });
  const change = (session: Session, email: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(session.access_token), payload: { email } });

  it('sends one change request per account a minute; bad input, a taken address or mail down does not count', async () => {
    const user = await buildUser(ctx);
    const taken = await buildUser(ctx);
    expect((await change(user.session, 'bad')).statusCode).toBe(400);
    expect((await change(user.session, taken.email)).statusCode).toBe(422);
    mailUp = false;
    try {
      expect((await change(user.session, uniqueEmail())).statusCode).toBe(503);
    } finally {
      mailUp = true;
    }
    expect((await change(user.session, uniqueEmail())).statusCode).toBe(200);
    expectError(await change(user.session, uniqueEmail()), 429, 'over_email_send_rate_limit');
    // Another account is counted apart.
    const other = await buildUser(ctx);
    expect((await change(other.session, uniqueEmail())).statusCode).toBe(200);
  });

  it('answers 503 and records nothing when mail cannot be sent', async () => {
    const user = await buildUser(ctx);
    mailUp = false;
    try {
      expectError(await change(user.session, uniqueEmail()), 503, 'service_unavailable', messages.emailChange.mailUnavailable);
    } finally {
      mailUp = true;
    }
    const now = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.headers });
    expect(now.json<AuthUser>().new_email).toBeUndefined();
  });
});
