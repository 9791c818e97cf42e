import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import { bearer, claimsOf, totpCode } from '../../test/mfa';
import { useAuthJs } from '../../test/auth-js';

/** DESIGN "Accounts and sessions": auth-js's `mfa` API works unchanged against /api/auth (issue 19). */
describe('@supabase/auth-js MFA against /api/auth', () => {
  const ctx = useTestApp();
  const { client } = useAuthJs(ctx);

  it('enrols, challenges and verifies a TOTP factor, then asks for it at the next sign-in', async () => {
    const user = await buildUser(ctx());
    const auth = client();
    expect((await auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();

    const enrolled = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    if (factor.type !== 'totp') throw new Error('not a TOTP factor');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // Nothing in it ends or escapes the data URI auth-js builds (an <img src> shows it as is).
    expect(factor.totp.qr_code).not.toMatch(/[#%]/);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Trackside:/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    // Unverified: still aal1 with nothing more to reach.
    let aal = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp' });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);

    const verified = await auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpCode(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims['aal']).toBe('aal2');
    expect(claims['amr']).toEqual([expect.objectContaining({ method: 'totp' }), expect.objectContaining({ method: 'password' })]);

    aal = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(factors.data?.totp[0]).toMatchObject({ status: 'verified', friendly_name: 'Phone', factor_type: 'totp' });

    // A refresh keeps the session's level.
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token)['aal']).toBe('aal2');

    // The next sign-in with the password is aal1, and the client sees that aal2 is due.
    const second = client();
    const signedIn = await second.signInWithPassword({ email: user.email, password: user.password });
    expect(signedIn.error).toBeNull();
    aal = await second.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const aal1Token = signedIn.data.session!.access_token;
    const blocked = await ctx().app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer({ access_token: aal1Token }) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'insufficient_aal' });

    // The next step's code (the current one was spent by the enrolment).
    const raised = await second.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.totp.secret, 1) });
    expect(raised.error).toBeNull();
    aal = await second.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const session = (await second.getSession()).data.session!;
    const allowed = await ctx().app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(session) });
    expect(allowed.statusCode).toBe(200);

    const removed = await second.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await second.mfa.listFactors()).data?.all).toEqual([]);
    await auth.signOut({ scope: 'local' });
    await second.signOut({ scope: 'local' });
  });

  it('reports a wrong code as an AuthApiError with code mfa_verification_failed', async () => {
    const user = await buildUser(ctx());
    const auth = client();
    await auth.signInWithPassword({ email: user.email, password: user.password });
    const { data } = await auth.mfa.enroll({ factorType: 'totp' });
    if (data?.type !== 'totp') throw new Error('not a TOTP factor');
    const wrong = totpCode(data.totp.secret) === '000000' ? '111111' : '000000';
    const { error } = await auth.mfa.challengeAndVerify({ factorId: data.id, code: wrong });
    expect(error?.code).toBe('mfa_verification_failed');
    expect(error?.status).toBe(422);
    await auth.signOut({ scope: 'local' });
  });
});
