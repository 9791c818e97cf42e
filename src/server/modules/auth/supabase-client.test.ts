import { AuthApiError, GoTrueAdminApi, isAuthApiError, isAuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { buildUser, uniqueEmail } from '../../test/factories';
import { useAuthJs } from '../../test/auth-js';

/**
 * DESIGN "Accounts and sessions": the official `@supabase/auth-js` client, pointed at
 * /api/auth on a listening server, works unchanged.
 */
describe('@supabase/auth-js against /api/auth', () => {
  const ctx = useTestApp();
  const { client, url } = useAuthJs(ctx);

  it('signs in, reads the user, refreshes, changes the password and signs out', async () => {
    const user = await buildUser(ctx());
    const auth = client();

    const signedIn = await auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(user.id);
    expect(signedIn.data.session?.token_type).toBe('bearer');
    const firstSession = signedIn.data.session;

    const got = await auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({ id: user.id, email: user.email });

    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).toBeTruthy();
    expect(refreshed.data.session?.refresh_token).not.toBe(firstSession?.refresh_token);
    expect((await auth.getSession()).data.session?.access_token).toBe(refreshed.data.session?.access_token);

    const updated = await auth.updateUser({ password: 'Client-Changed-7' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.id).toBe(user.id);

    const reset = await auth.resetPasswordForEmail(user.email, { redirectTo: 'http://trackside.test/account/reset-password' });
    expect(reset.error).toBeNull();
    expect(ctx().mail.at(-1)?.to).toBe(user.email);

    const signedOut = await auth.signOut();
    expect(signedOut.error).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();

    // The refreshed session was ended on the server too.
    const res = await ctx().app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${refreshed.data.session?.access_token ?? ''}` },
    });
    expect(res.statusCode).toBe(403);

    // The new password is the one that works now.
    const again = client();
    expect((await again.signInWithPassword({ email: user.email, password: 'Client-Changed-7' })).error).toBeNull();
    await again.signOut({ scope: 'local' });
  });

  it('reports a wrong password as an AuthApiError with code invalid_credentials', async () => {
    const user = await buildUser(ctx());
    const { data, error } = await client().signInWithPassword({ email: user.email, password: 'Not-the-password-1' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' });
  });

  it('reports an unknown e-mail the same way', async () => {
    const { error } = await client().signInWithPassword({ email: uniqueEmail('nobody'), password: 'Not-the-password-1' });
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
  });

  it('reports sign-up as disabled', async () => {
    const { error } = await client().signUp({ email: uniqueEmail('signup'), password: 'Whatever-123' });
    expect(error).toMatchObject({ code: 'signup_disabled', status: 403, message: 'Sign up is coming soon' });
  });

  it('completes a recovery with verifyOtp({ token_hash, type: "recovery" })', async () => {
    const user = await buildUser(ctx());
    const auth = client();
    expect((await auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const link =
      /https?:\/\/\S+/.exec(
        ctx()
          .mail.filter((m) => m.to === user.email)
          .at(-1)?.text ?? '',
      )?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';

    const verified = await auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect((await auth.updateUser({ password: 'Recovered-By-Client-3' })).error).toBeNull();

    const weak = await auth.updateUser({ password: 'weak' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(isAuthWeakPasswordError(weak.error) && weak.error.reasons).toContain('Password must contain at least one uppercase letter');
    expect(weak.error?.message).toBe('Password must be at least 8 characters');

    const used = await client().verifyOtp({ token_hash: token, type: 'recovery' });
    expect(used.error).toMatchObject({ code: 'otp_expired' });
  });

  /** The newest invitation link mailed to `email`, and its token. */
  const invitation = (email: string) => {
    const link = new URL(
      /https?:\/\/\S+/.exec(
        ctx()
          .mail.filter((m) => m.to === email && m.subject === 'You have been invited to Trackside')
          .at(-1)?.text ?? '',
      )?.[0] ?? 'http://missing',
    );
    return { link, token: link.searchParams.get('token') ?? '' };
  };

  it('drives the admin API with GoTrueAdminApi: invite, accept (verifyOtp type invite, updateUser), list, disable, grant admin, revoke', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const adminClient = client();
    const { data: signedIn } = await adminClient.signInWithPassword({ email: admin.email, password: admin.password });
    const api = new GoTrueAdminApi({ url: url(), headers: { Authorization: `Bearer ${signedIn.session?.access_token ?? ''}` } });

    // inviteUserByEmail, with user metadata and a redirect.
    const email = uniqueEmail('authjs-invite');
    const invited = await api.inviteUserByEmail(email, { data: { full_name: 'Isambard Brunel' }, redirectTo: 'http://trackside.test/account/accept-invite' });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: { full_name: 'Isambard Brunel' } });
    expect(invited.data.user?.invited_at).toEqual(expect.any(String));
    const userId = invited.data.user?.id ?? '';

    // The invitee accepts: verifyOtp with type invite, then sets a password, then signs in with it.
    const invitee = client();
    const verified = await invitee.verifyOtp({ token_hash: invitation(email).token, type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(userId);
    expect((await invitee.updateUser({ password: 'Accepted-Invite-5' })).error).toBeNull();
    const again = client();
    expect((await again.signInWithPassword({ email, password: 'Accepted-Invite-5' })).error).toBeNull();
    // A second try with the same link is refused.
    expect((await client().verifyOtp({ token_hash: invitation(email).token, type: 'invite' })).error).toMatchObject({ code: 'otp_expired', status: 403 });

    // listUsers reads GoTrue's pagination headers.
    await buildUser(ctx());
    const listed = await api.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(2);
    expect(listed.data).toMatchObject({ aud: 'authenticated', nextPage: 2 });
    expect('total' in listed.data && listed.data.total).toBeGreaterThanOrEqual(3);
    expect('lastPage' in listed.data && listed.data.lastPage).toBeGreaterThanOrEqual(2);
    expect((await api.listUsers()).data.users.map((u) => u.email)).toContain(email);
    expect((await api.getUserById(userId)).data.user?.email).toBe(email);

    // updateUserById: disable (the invitee's session ends at once), enable, grant admin.
    const banned = await api.updateUserById(userId, { ban_duration: '876000h' });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    const gone = await again.getUser();
    expect(gone.data.user).toBeNull();
    // auth-js reads the 403 session_not_found as a session that has ended.
    expect(gone.error?.name).toBe('AuthSessionMissingError');
    expect((await client().signInWithPassword({ email, password: 'Accepted-Invite-5' })).error).toMatchObject({ code: 'user_banned', status: 400 });
    expect((await api.updateUserById(userId, { ban_duration: 'none' })).data.user?.banned_until).toBeUndefined();
    const granted = await api.updateUserById(userId, { app_metadata: { roles: ['admin'] } });
    expect(granted.data.user?.app_metadata).toMatchObject({ roles: ['admin'] });
    const weak = await api.updateUserById(userId, { password: 'weak' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);

    // deleteUser revokes a pending invitation, and erases an account in use.
    const pending = await api.inviteUserByEmail(uniqueEmail('authjs-revoke'));
    expect((await api.deleteUser(pending.data.user?.id ?? '')).error).toBeNull();
    expect((await api.getUserById(pending.data.user?.id ?? '')).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await api.deleteUser(userId)).error).toBeNull();
    expect((await api.getUserById(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });

    // A user who is not an admin gets nothing.
    const plain = await buildUser(ctx());
    const notAdmin = new GoTrueAdminApi({ url: url(), headers: { Authorization: `Bearer ${plain.session.access_token}` } });
    expect((await notAdmin.listUsers()).error).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await notAdmin.inviteUserByEmail(uniqueEmail())).error).toMatchObject({ status: 403 });
    await adminClient.signOut({ scope: 'local' });
    await again.signOut({ scope: 'local' });
  });

  it('reports a missing session for getUser after signing out', async () => {
    const user = await buildUser(ctx());
    const auth = client();
    await auth.signInWithPassword({ email: user.email, password: user.password });
    await auth.signOut();
    const { data, error } = await auth.getUser();
    expect(data.user).toBeNull();
    expect(error).not.toBeNull();
  });
});
