import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { Session } from '../../../shared/schemas/auth';
import { userStatus, type AdminUser, type AdminUserList, type AuditList, type WhitelistEntry } from '../../../shared/schemas/user-admin';
import { useTestApp, type TestContext } from '../../test/app';
import { buildUser, signIn, uniqueEmail, type TestUser } from '../../test/factories';

/** Who calls: a built user, or a session of theirs. */
type Who = TestUser | Session;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 86_400_000;
const NEW_PASSWORD = 'Invited-Rail-2026';

function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; error_code: string }>();
  expect(body.code).toBe(code);
  expect(body.error_code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

function expectOk<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Helpers over one test app: the admin API's calls, the invitation link in the mail, the audit log. */
function adminApi(ctx: () => TestContext) {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const as = (who?: Who) => {
    if (!who) return {};
    return { headers: bearer('session' in who ? who.session.access_token : who.access_token) };
  };
  return {
    inject,
    invite: (who: Who | undefined, payload: unknown, query = '') =>
      inject({ method: 'POST', url: `/api/auth/invite${query}`, payload: payload as object, ...as(who) }),
    list: (who: Who | undefined, query = '') => inject({ method: 'GET', url: `/api/auth/admin/users${query}`, ...as(who) }),
    create: (who: Who | undefined, payload: unknown) => inject({ method: 'POST', url: '/api/auth/admin/users', payload: payload as object, ...as(who) }),
    get: (who: Who | undefined, id: string) => inject({ method: 'GET', url: `/api/auth/admin/users/${id}`, ...as(who) }),
    update: (who: Who | undefined, id: string, payload: unknown) =>
      inject({ method: 'PUT', url: `/api/auth/admin/users/${id}`, payload: payload as object, ...as(who) }),
    remove: (who: Who | undefined, id: string) =>
      inject({ method: 'DELETE', url: `/api/auth/admin/users/${id}`, payload: { should_soft_delete: false }, ...as(who) }),
    audit: (who: Who | undefined, query = '') => inject({ method: 'GET', url: `/api/admin/audit${query}`, ...as(who) }),
    getUser: (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) }),
    passwordGrant: (email: string, password: string) =>
      inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password }, remoteAddress: '203.0.113.9' }),
    /** The newest invitation link mailed to `email`. */
    inviteLink(email: string): URL {
      const message = ctx()
        .mail.filter((m) => m.to === email.toLowerCase() && m.subject === 'You have been invited to Trackside')
        .at(-1);
      expect(message, `no invitation to ${email}`).toBeDefined();
      const href = /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
      return new URL(href ?? '');
    },
    verify: (token: string) => inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'invite', token_hash: token } }),
    /** The audit entries about `email` (as actor or target), newest first. */
    async auditOf(admin: Who, email: string) {
      return expectOk<AuditList>(await inject({ method: 'GET', url: `/api/admin/audit?filter=${encodeURIComponent(email)}`, ...as(admin) })).entries;
    },
  };
}

describe('admin API: invitations', () => {
  const ctx = useTestApp();
  const api = adminApi(ctx);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('invites: an account without a password, and a mailed link valid 7 days that opens a session on the invitation page', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('invitee');
    const res = await api.invite(admin, { email: email.toUpperCase(), data: { full_name: 'Ada Lovelace' } });
    const user = expectOk<AdminUser>(res);
    expect(user).toMatchObject({ email, email_confirmed_at: null, last_sign_in_at: null, user_metadata: { full_name: 'Ada Lovelace' } });
    expect(user.app_metadata.roles).toEqual([]);
    expect(userStatus(user)).toBe('invited');
    expect(Date.parse(user.invited_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const mail = ctx().mail.at(-1);
    expect(mail).toMatchObject({ to: email, subject: 'You have been invited to Trackside' });
    expect(mail?.text).toContain(`${admin.email} invited you to Trackside`);
    expect(mail?.text).toContain(`valid for ${AUTH.invitationDays} days, once`);
    const link = api.inviteLink(email);
    expect(`${link.origin}${link.pathname}`).toBe('http://trackside.test/api/auth/verify');
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe('http://trackside.test/account/accept-invite');

    // No password yet: nothing signs in, and "forgot password" sends nothing to a pending invitation.
    expectError(await api.passwordGrant(email, NEW_PASSWORD), 400, 'invalid_credentials');
    const mailBefore = ctx().mail.length;
    expect((await api.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } })).statusCode).toBe(200);
    expect(ctx().mail).toHaveLength(mailBefore);

    const followed = await api.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(303);
    const location = new URL(String(followed.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://trackside.test/account/accept-invite');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const accessToken = fragment.get('access_token') ?? '';

    // The invitee is signed in, but is no admin.
    const me = expectOk<{ email: string; email_confirmed_at: string | null }>(await api.getUser(accessToken));
    expect(me.email).toBe(email);
    expect(me.email_confirmed_at).not.toBeNull();
    const asInvitee = { access_token: accessToken } as Session;
    expectError(await api.update(asInvitee, user.id, { app_metadata: { roles: ['admin'] } }), 403, 'forbidden');

    // The invitee sets a password in that session, then signs in with it.
    const put = await api.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(accessToken), payload: { password: NEW_PASSWORD } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.passwordGrant(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(userStatus(expectOk<AdminUser>(await api.get(admin, user.id)))).toBe('active');

    // The link is spent.
    const again = await api.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(new URLSearchParams(new URL(String(again.headers.location)).hash.slice(1)).get('error_code')).toBe('otp_expired');

    const entries = await api.auditOf(admin, email);
    expect(entries.map((e) => e.action)).toEqual(['invitation_accepted', 'user_invited']);
    expect(entries[1]).toMatchObject({ actor_id: admin.id, actor_email: admin.email, target_user_id: user.id, target_email: email, ip_address: '127.0.0.1' });
    expect(entries[0]).toMatchObject({ actor_id: user.id, actor_email: email, target_email: email });
    // No secret in the log.
    expect(JSON.stringify(entries)).not.toContain(link.searchParams.get('token') ?? 'no token');
  });

  it('redirects the invitation where asked when its origin is allowed, else to PUBLIC_URL’s invitation page', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const allowed = uniqueEmail('redirect');
    expectOk(await api.invite(admin, { email: allowed }, `?redirect_to=${encodeURIComponent('http://trackside.test/welcome')}`));
    expect(api.inviteLink(allowed).searchParams.get('redirect_to')).toBe('http://trackside.test/welcome');
    const foreign = uniqueEmail('foreign');
    expectOk(await api.invite(admin, { email: foreign }, `?redirect_to=${encodeURIComponent('https://evil.example/x')}`));
    expect(api.inviteLink(foreign).searchParams.get('redirect_to')).toBe('http://trackside.test/account/accept-invite');
  });

  it('accepts through POST /verify (auth-js verifyOtp type invite), once', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('otp');
    expectOk(await api.invite(admin, { email }));
    const token = api.inviteLink(email).searchParams.get('token') ?? '';
    const session = expectOk<Session>(await api.verify(token));
    expect(session.user.email).toBe(email);
    expectError(await api.verify(token), 403, 'otp_expired', messages.auth.otpExpired);
    // A recovery type does not spend an invitation token, nor the other way round.
    expectError(await api.inject({ method: 'POST', url: '/api/auth/verify', payload: { type: 'recovery', token } }), 403, 'otp_expired');
  });

  it('lets the link expire after 7 days', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const late = uniqueEmail('late');
    const inTime = uniqueEmail('intime');
    expectOk(await api.invite(admin, { email: late }));
    expectOk(await api.invite(admin, { email: inTime }));
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt + AUTH.invitationDays * DAY_MS - 60_000 });
    expect((await api.verify(api.inviteLink(inTime).searchParams.get('token') ?? '')).statusCode).toBe(200);
    vi.setSystemTime(sentAt + AUTH.invitationDays * DAY_MS + 60_000);
    expectError(await api.verify(api.inviteLink(late).searchParams.get('token') ?? ''), 403, 'otp_expired');
    vi.useRealTimers();
    const list = expectOk<AdminUserList>(await api.list(admin, `?filter=${encodeURIComponent(late)}`));
    expect(userStatus(list.users[0] as AdminUser)).toBe('invited');
    expect(userStatus(list.users[0] as AdminUser, sentAt + AUTH.invitationDays * DAY_MS + 60_000)).toBe('invitation_expired');
  });

  it('resends a pending invitation: a new link, the old one void, "invitation_resent" in the log', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('resend');
    const first = expectOk<AdminUser>(await api.invite(admin, { email }));
    const oldToken = api.inviteLink(email).searchParams.get('token') ?? '';
    const second = expectOk<AdminUser>(await api.invite(admin, { email }));
    expect(second.id).toBe(first.id);
    const newToken = api.inviteLink(email).searchParams.get('token') ?? '';
    expect(newToken).not.toBe(oldToken);
    expectError(await api.verify(oldToken), 403, 'otp_expired');
    expect((await api.verify(newToken)).statusCode).toBe(200);
    expect((await api.auditOf(admin, email)).map((e) => e.action)).toEqual(['invitation_accepted', 'invitation_resent', 'user_invited']);
  });

  it('refuses to invite an e-mail whose account is in use (422 email_exists), and one that is already accepted', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const existing = await buildUser(ctx());
    expectError(await api.invite(admin, { email: existing.email }), 422, 'email_exists', messages.users.alreadyRegistered);
    const email = uniqueEmail('accepted');
    expectOk(await api.invite(admin, { email }));
    expect((await api.verify(api.inviteLink(email).searchParams.get('token') ?? '')).statusCode).toBe(200);
    expectError(await api.invite(admin, { email }), 422, 'email_exists');
  });

  it('revokes a pending invitation with DELETE: the account and its link are gone (a used account is erased: erasure/routes.test.ts)', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('revoked');
    const invited = expectOk<AdminUser>(await api.invite(admin, { email }));
    const token = api.inviteLink(email).searchParams.get('token') ?? '';
    expect(expectOk<AdminUser>(await api.remove(admin, invited.id)).email).toBe(email);
    expectError(await api.verify(token), 403, 'otp_expired');
    expectError(await api.get(admin, invited.id), 404, 'user_not_found', messages.users.notFound);
    expectError(await api.remove(admin, invited.id), 404, 'user_not_found');
    expect((await api.auditOf(admin, email)).map((e) => [e.action, e.target_user_id])).toEqual([
      ['invitation_revoked', null],
      // The entry outlives the account it named.
      ['user_invited', null],
    ]);
  });

  it('validates the invitation', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    expectError(await api.invite(admin, { email: 'not-an-email' }), 400, 'validation_failed', messages.validation.invalidEmail);
    expectError(await api.invite(admin, {}), 400, 'validation_failed');
    expectError(await api.invite(admin, { email: uniqueEmail(), data: 'x' }), 400, 'validation_failed');
    expectError(await api.invite(admin, { email: uniqueEmail(), data: { bio: 'x'.repeat(9000) } }), 400, 'validation_failed', messages.users.metadataTooLarge);
  });

  it('answers 503 and keeps nothing when the invitation cannot be mailed', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const send = vi.spyOn(ctx().app.services.users['deps'].mailer, 'send').mockRejectedValueOnce(new Error('SMTP said no'));
    const log = vi.spyOn(ctx().app.services.users['deps'].log, 'error').mockImplementation(() => undefined);
    const email = uniqueEmail('unsent');
    expectError(await api.invite(admin, { email }), 503, 'service_unavailable', messages.users.inviteMailUnavailable);
    send.mockRestore();
    log.mockRestore();
    expect(expectOk<AdminUserList>(await api.list(admin, `?filter=${encodeURIComponent(email)}`)).total).toBe(0);
    expect(await api.auditOf(admin, email)).toEqual([]);
  });

  it('sends the mail holding no transaction, so the embedded database serves other requests meanwhile', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const mailer = ctx().app.services.users['deps'].mailer;
    const send = mailer.send.bind(mailer);
    let listedMeanwhile: number | undefined;
    // PGlite has one connection: had the invitation's transaction been open, this query would wait for it forever.
    const spy = vi.spyOn(mailer, 'send').mockImplementationOnce(async (message) => {
      listedMeanwhile = (await api.list(admin)).statusCode;
      await send(message);
    });
    expectOk(await api.invite(admin, { email: uniqueEmail('meanwhile') }));
    spy.mockRestore();
    expect(listedMeanwhile).toBe(200);
  });

  it('says how invitations are delivered', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await api.inject({ method: 'GET', url: '/api/auth/admin/invite-settings', headers: admin.headers });
    // The test app has no SMTP_URL: mail goes to the log, as password recovery's does.
    expect(expectOk(res)).toEqual({ mail_delivery: 'log', invitation_days: 7 });
  });
});

describe('admin API: accounts', () => {
  const ctx = useTestApp();
  const api = adminApi(ctx);

  it('answers 401 without a token and 403 to a user who is not an admin, for every operation', async () => {
    const user = await buildUser(ctx());
    const other = await buildUser(ctx());
    const calls = [
      (who?: TestUser) => api.invite(who, { email: uniqueEmail() }),
      (who?: TestUser) => api.list(who),
      (who?: TestUser) => api.create(who, { email: uniqueEmail() }),
      (who?: TestUser) => api.get(who, other.id),
      (who?: TestUser) => api.update(who, other.id, { ban_duration: '876000h' }),
      (who?: TestUser) => api.remove(who, other.id),
      (who?: TestUser) => api.audit(who),
      (who?: TestUser) => api.inject({ method: 'GET', url: '/api/auth/admin/invite-settings', ...(who ? { headers: who.headers } : {}) }),
    ];
    for (const call of calls) {
      expectError(await call(), 401, 'no_authorization');
      expectError(await call(user), 403, 'forbidden', messages.admin.adminRequired);
    }
    // Nothing happened to the other account.
    expect((await api.getUser(other.session.access_token)).statusCode).toBe(200);
  });

  it('lists accounts newest first with GoTrue’s pagination headers, their role, name and company; filters by e-mail, name or company', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const tag = Math.random().toString(36).slice(2, 8);
    const alice = await buildUser(ctx(), { email: `alice-${tag}@example.com` });
    const bob = await buildUser(ctx(), { email: `bob-${tag}@example.com` });
    const profile = await api.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: bob.headers,
      payload: { fullName: 'Bob Brunel', companyName: `Gauge & Co ${tag}` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const carol = await buildUser(ctx(), { email: `carol-${tag}@example.com`, admin: true });

    const res = await api.list(admin, `?filter=${tag}&page=1&per_page=2`);
    const page1 = expectOk<AdminUserList>(res);
    expect(page1.aud).toBe('authenticated');
    expect(page1.total).toBe(3);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toBe(
      `<http://trackside.test/api/auth/admin/users?page=2&per_page=2&filter=${tag}>; rel="next", <http://trackside.test/api/auth/admin/users?page=2&per_page=2&filter=${tag}>; rel="last"`,
    );
    expect(page1.users.map((u) => u.email)).toEqual([carol.email, bob.email]);
    expect(page1.users[0]?.app_metadata).toEqual({ provider: 'email', providers: ['email'], roles: ['admin'] });
    expect(page1.users[1]?.app_metadata.roles).toEqual([]);
    expect(page1.users[1]?.user_metadata).toEqual({ full_name: 'Bob Brunel', company_name: `Gauge & Co ${tag}` });
    expect(page1.users[1]?.last_sign_in_at).not.toBeNull();

    const page2 = await api.list(admin, `?filter=${tag}&page=2&per_page=2`);
    expect(expectOk<AdminUserList>(page2).users.map((u) => u.email)).toEqual([alice.email]);
    expect(page2.headers.link).toBe(`<http://trackside.test/api/auth/admin/users?page=2&per_page=2&filter=${tag}>; rel="last"`);

    const byName = expectOk<AdminUserList>(await api.list(admin, '?filter=bob%20brunel'));
    expect(byName.users.map((u) => u.id)).toEqual([bob.id]);
    const byCompany = expectOk<AdminUserList>(await api.list(admin, `?filter=${encodeURIComponent(`gauge & co ${tag}`)}`));
    expect(byCompany.users.map((u) => u.id)).toEqual([bob.id]);
    // Pattern characters are taken literally.
    expect(expectOk<AdminUserList>(await api.list(admin, '?filter=%25%25%25')).total).toBe(0);
    // auth-js sends page= and per_page= empty when none are given.
    const defaults = await api.list(admin, '?page=&per_page=');
    expect(defaults.statusCode).toBe(200);
    expect(expectOk<AdminUserList>(defaults).users.length).toBeLessThanOrEqual(50);
  });

  it('validates paging and ids', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    for (const query of ['?page=0', '?per_page=0', '?per_page=1001', '?page=x']) expectError(await api.list(admin, query), 400, 'validation_failed');
    expectError(await api.get(admin, 'not-a-uuid'), 404, 'not_found', messages.users.notFound);
    expectError(await api.get(admin, '00000000-0000-4000-8000-000000000000'), 404, 'user_not_found');
    expectError(await api.update(admin, '00000000-0000-4000-8000-000000000000', { ban_duration: 'none' }), 404, 'user_not_found');
  });

  it('creates an account, with a password that follows the rules and optionally the admin role', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('created');
    const created = expectOk<AdminUser>(
      await api.create(admin, { email, password: 'Created-By-Admin-1', app_metadata: { roles: ['admin'] }, user_metadata: { team: 'Track' } }),
    );
    expect(created).toMatchObject({ email, user_metadata: { team: 'Track' }, app_metadata: { roles: ['admin'] } });
    expect(userStatus(created)).toBe('active');
    expect((await api.passwordGrant(email, 'Created-By-Admin-1')).statusCode).toBe(200);
    expectError(await api.create(admin, { email, password: 'Created-By-Admin-1' }), 422, 'email_exists');
    const weak = expectError(await api.create(admin, { email: uniqueEmail(), password: 'weak' }), 422, 'weak_password');
    expect(weak).toMatchObject({ weak_password: { reasons: expect.arrayContaining([messages.validation.resetPasswordUppercase]) } });
    expect((await api.auditOf(admin, email)).map((e) => [e.action, e.details])).toEqual([['user_created', { admin: true, password: true, disabled: false }]]);
  });

  it('disables an account: its sessions end at once, sign-in and refresh are refused; enabling lets it sign in again', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    expect((await api.getUser(user.session.access_token)).statusCode).toBe(200);

    const disabled = expectOk<AdminUser>(await api.update(admin, user.id, { ban_duration: '876000h' }));
    expect(userStatus(disabled)).toBe('disabled');
    expect(Date.parse(disabled.banned_until ?? '')).toBeGreaterThan(Date.now() + 99 * 365 * DAY_MS);

    // The access token, still within its hour, is refused on the next request.
    expectError(await api.getUser(user.session.access_token), 403, 'session_not_found');
    expectError(
      await api.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: user.session.refresh_token } }),
      400,
      'user_banned',
      messages.auth.userBanned,
    );
    expectError(await api.passwordGrant(user.email, user.password), 400, 'user_banned', messages.auth.userBanned);
    // Without the password nothing is revealed.
    expectError(await api.passwordGrant(user.email, 'Wrong-Password-1'), 400, 'invalid_credentials');
    // No reset link reaches a disabled account.
    const mailBefore = ctx().mail.length;
    await api.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } });
    expect(ctx().mail).toHaveLength(mailBefore);

    const enabled = expectOk<AdminUser>(await api.update(admin, user.id, { ban_duration: 'none' }));
    expect(userStatus(enabled)).toBe('active');
    expect(enabled.banned_until).toBeUndefined();
    const session = await signIn(ctx().app, user.email, user.password);
    expect((await api.getUser(session.access_token)).statusCode).toBe(200);
    // Enabling an enabled account changes nothing and logs nothing.
    expectOk(await api.update(admin, user.id, { ban_duration: 'none' }));

    const entries = await api.auditOf(admin, user.email);
    expect(entries.map((e) => e.action)).toEqual(['user_enabled', 'user_disabled']);
    expect(entries[1]?.details).toEqual({ banned_until: disabled.banned_until });
  });

  it('refuses to disable oneself (409), and a disabled admin’s token is refused by the admin API at once', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const other = await buildUser(ctx(), { admin: true });
    expectError(await api.update(admin, admin.id, { ban_duration: '876000h' }), 409, 'conflict', messages.users.cannotDisableSelf);
    expectOk(await api.update(admin, other.id, { ban_duration: '24h' }));
    expectError(await api.list(other), 403, 'session_not_found');
  });

  it('invites a disabled pending invitation only once it is enabled; its link does not work meanwhile', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const email = uniqueEmail('paused');
    const invited = expectOk<AdminUser>(await api.invite(admin, { email }));
    const token = api.inviteLink(email).searchParams.get('token') ?? '';
    expectOk(await api.update(admin, invited.id, { ban_duration: '876000h' }));
    expectError(await api.verify(token), 403, 'user_banned', messages.auth.userBanned);
    expectError(await api.invite(admin, { email }), 409, 'conflict', messages.users.invitationOfDisabled);
    expectOk(await api.update(admin, invited.id, { ban_duration: 'none' }));
    expectOk(await api.invite(admin, { email }));
    expect((await api.verify(api.inviteLink(email).searchParams.get('token') ?? '')).statusCode).toBe(200);
  });

  it('grants and revokes admin through app_metadata.roles, each once in the log', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    const roles = () => api.inject({ method: 'GET', url: '/api/roles/me', headers: user.headers }).then((r) => r.json<{ admin: boolean }>().admin);
    expect(expectOk<AdminUser>(await api.update(admin, user.id, { app_metadata: { roles: ['admin'] } })).app_metadata.roles).toEqual(['admin']);
    expect(await roles()).toBe(true);
    expectOk(await api.update(admin, user.id, { app_metadata: { roles: ['admin'], provider: 'email' } }));
    expect((await api.list(user)).statusCode).toBe(200);
    expect(expectOk<AdminUser>(await api.update(admin, user.id, { app_metadata: { roles: [] } })).app_metadata.roles).toEqual([]);
    expect(await roles()).toBe(false);
    expectError(await api.list(user), 403, 'forbidden');
    expect((await api.auditOf(admin, user.email)).map((e) => e.action)).toEqual(['admin_revoked', 'admin_granted']);
  });

  it('sets a password (ending the user’s sessions) and merges user_metadata; the log holds no password', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    expectError(await api.update(admin, user.id, { password: 'short' }), 422, 'weak_password', messages.validation.resetPasswordTooShort);
    expectOk(await api.update(admin, user.id, { password: 'Set-By-Admin-42' }));
    expectError(await api.getUser(user.session.access_token), 403, 'session_not_found');
    expect((await api.passwordGrant(user.email, 'Set-By-Admin-42')).statusCode).toBe(200);

    expectOk(await api.update(admin, user.id, { user_metadata: { team: 'Signals', desk: 4 } }));
    const merged = expectOk<AdminUser>(await api.update(admin, user.id, { user_metadata: { desk: null, floor: 2 } }));
    expect(merged.user_metadata).toEqual({ team: 'Signals', floor: 2 });
    const entries = await api.auditOf(admin, user.email);
    expect(entries.map((e) => e.action)).toEqual(['user_updated', 'user_updated', 'password_set']);
    expect(JSON.stringify(entries)).not.toContain('Set-By-Admin-42');
  });

  it('validates changes', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    expectError(await api.update(admin, user.id, { ban_duration: 'forever' }), 400, 'validation_failed', messages.users.badBanDuration);
    expectError(await api.update(admin, user.id, { ban_duration: '0s' }), 400, 'validation_failed');
    expectError(await api.update(admin, user.id, { app_metadata: { roles: ['root'] } }), 400, 'validation_failed', messages.users.unknownRole);
    expectError(await api.update(admin, user.id, { app_metadata: { plan: 'gold' } }), 400, 'validation_failed', messages.users.appMetadataRolesOnly);
    expectError(await api.update(admin, user.id, { email: 'new@example.com' }), 400, 'validation_failed', messages.users.emailChangeUnsupported);
    // The same e-mail, as auth-js may send it back, is no change.
    expectOk(await api.update(admin, user.id, { email: user.email.toUpperCase() }));
    expectError(await api.update(admin, user.id, { user_metadata: 'nonsense' }), 400, 'validation_failed');
  });
});

describe('admin API: the last admin', () => {
  const ctx = useTestApp();
  const api = adminApi(ctx);

  it('never leaves Trackside without an active admin', async () => {
    const first = await buildUser(ctx(), { admin: true });
    expectError(await api.update(first, first.id, { app_metadata: { roles: [] } }), 409, 'last_admin', messages.users.lastAdmin);

    // An invitee with the role does not count until they accept.
    const email = uniqueEmail('future-admin');
    const invited = expectOk<AdminUser>(await api.invite(first, { email }));
    expectOk(await api.update(first, invited.id, { app_metadata: { roles: ['admin'] } }));
    expectError(await api.update(first, first.id, { app_metadata: { roles: [] } }), 409, 'last_admin');

    const second = await buildUser(ctx(), { admin: true });
    // A disabled admin does not count either.
    expectOk(await api.update(first, second.id, { ban_duration: '876000h' }));
    expectError(await api.update(first, first.id, { app_metadata: { roles: [] } }), 409, 'last_admin');
    expectOk(await api.update(first, second.id, { ban_duration: 'none' }));
    const secondSession = await signIn(ctx().app, second.email, second.password);

    // Two active admins revoking each other at once: exactly one revocation goes through; the
    // other is refused as the last admin (or, its own role gone first, as no admin at all).
    const activeAdmins = async (who: Who) =>
      expectOk<AdminUserList>(await api.list(who, '?per_page=1000'))
        .users.filter((u) => u.app_metadata.roles.includes('admin') && userStatus(u) === 'active')
        .map((u) => u.id);
    const [a, b] = await Promise.all([
      api.update(first, second.id, { app_metadata: { roles: [] } }),
      api.update(secondSession, first.id, { app_metadata: { roles: [] } }),
    ]);
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(a.statusCode === 200 ? b.statusCode : a.statusCode);
    const survivor: Who = a.statusCode === 200 ? first : secondSession;
    const otherId = a.statusCode === 200 ? second.id : first.id;
    expect(await activeAdmins(survivor)).toHaveLength(1);

    // Two admins again, disabling each other at once: one goes through, the other is refused.
    expectOk(await api.update(survivor, otherId, { app_metadata: { roles: ['admin'] } }));
    const otherSession = otherId === first.id ? await signIn(ctx().app, first.email, first.password) : await signIn(ctx().app, second.email, second.password);
    const survivorId = otherId === first.id ? second.id : first.id;
    const [c, d] = await Promise.all([
      api.update(survivor, otherId, { ban_duration: '876000h' }),
      api.update(otherSession, survivorId, { ban_duration: '876000h' }),
    ]);
    expect([c.statusCode, d.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(c.statusCode === 200 ? d.statusCode : c.statusCode);
  });
});

describe('admin API: the Make Me Admin whitelist and the audit log', () => {
  const ctx = useTestApp();
  const api = adminApi(ctx);
  const whitelist = (who: TestUser | undefined, method: 'GET' | 'POST' | 'DELETE', email?: string) =>
    api.inject({
      method,
      url: method === 'DELETE' ? `/api/admin/whitelist/${encodeURIComponent(email ?? '')}` : '/api/admin/whitelist',
      ...(method === 'POST' ? { payload: { email } } : {}),
      ...(who ? { headers: who.headers } : {}),
    });

  it('lets admins list, add and remove whitelisted e-mails, each recorded; others get 401/403', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    const email = uniqueEmail('whitelisted');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expectError(await whitelist(undefined, method, email), 401, 'no_authorization');
      expectError(await whitelist(user, method, email), 403, 'forbidden');
    }
    const added = expectOk<WhitelistEntry[]>(await whitelist(admin, 'POST', email.toUpperCase()));
    expect(added.map((e) => e.email)).toContain(email);
    // Adding it again changes nothing and logs nothing.
    expectOk(await whitelist(admin, 'POST', email));
    expect(expectOk<WhitelistEntry[]>(await whitelist(admin, 'GET')).filter((e) => e.email === email)).toHaveLength(1);
    expectError(await whitelist(admin, 'POST', 'nope'), 400, 'validation_failed', messages.validation.invalidEmail);

    // The whitelisted account grants itself the role; that is recorded too.
    const whitelisted = await buildUser(ctx(), { email });
    expect((await api.inject({ method: 'POST', url: '/api/admin/grant-self', headers: whitelisted.headers })).statusCode).toBe(200);

    expect(expectOk<WhitelistEntry[]>(await whitelist(admin, 'DELETE', email.toUpperCase())).map((e) => e.email)).not.toContain(email);
    expectError(await whitelist(admin, 'DELETE', email), 404, 'not_found', messages.admin.whitelistNotFound);

    const entries = await api.auditOf(admin, email);
    expect(entries.map((e) => [e.action, e.actor_email])).toEqual([
      ['whitelist_removed', admin.email],
      ['admin_granted', email],
      ['whitelist_added', admin.email],
    ]);
    expect(entries[1]?.details).toEqual({ via: 'whitelist' });
  });

  it('lists the audit log newest first, paged, with GoTrue’s headers', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const emails = [uniqueEmail('a1'), uniqueEmail('a2'), uniqueEmail('a3')];
    for (const email of emails) expectOk(await api.invite(admin, { email }));
    const res = await api.audit(admin, '?page=1&per_page=2');
    const page = expectOk<AuditList>(res);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(res.headers['x-total-count']).toBe(String(page.total));
    expect(res.headers.link).toContain('<http://trackside.test/api/admin/audit?page=2&per_page=2>; rel="next"');
    expect(page.entries.map((e) => e.target_email)).toEqual([emails[2], emails[1]]);
    expect(page.entries[0]).toMatchObject({ action: 'user_invited', actor_email: admin.email, details: { expires_at: expect.any(String) } });
    expectError(await api.audit(admin, '?per_page=500'), 400, 'validation_failed');
  });
});
