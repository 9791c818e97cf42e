import { AuthApiError, AuthClient, isAuthApiError, isAuthWeakPasswordError } from '@supabase/auth-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { buildUser, uniqueEmail } from '../../test/factories';

/**
 * DESIGN "Accounts and sessions": the official `@supabase/auth-js` client, pointed at
 * /api/auth on a listening server, works unchanged.
 */
describe('@supabase/auth-js against /api/auth', () => {
  const ctx = useTestApp();
  let url = '';

  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx().app.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not listen on a TCP port');
    url = `http://127.0.0.1:${address.port}/api/auth`;
  });

  /** A client of its own per test: memory-only session, no timers, no URL detection. */
  const client = () =>
    new AuthClient({
      url,
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `trackside-test-${Math.random().toString(36).slice(2)}`,
    });

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
