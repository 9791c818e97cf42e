import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/schemas/auth';
import { useTestApp } from '../../test/app';
import { buildUser, signIn } from '../../test/factories';
import { answerChallenge, bearer, claimsOf, enrolTotp, totpCode } from '../../test/mfa';
import { hasVerifiedFactor, verifyMfaCodeForUser } from './mfa';
import * as repo from './repository';
import { mfaChallenges } from './tables';

/** GoTrue's MFA API and Trackside's recovery codes (issue 19): every operation, caller, bad input and expiry. */
describe('MFA routes', () => {
  const ctx = useTestApp();
  const auditOf = async (email: string) => (await repo.listAuditEntries(ctx().database.db, { page: 1, perPage: 50, filter: email })).entries;
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: Pick<Session, 'access_token'>, payload?: object) =>
    ctx().app.inject({ method, url, ...(session ? { headers: bearer(session) } : {}), ...(payload ? { payload } : {}) });
  const enrolUnverified = async (session: Session) => {
    const res = await inject('POST', '/api/auth/factors', session, { factor_type: 'totp' });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string; totp: { secret: string } }>();
  };
  const challengeOf = async (session: Session, factorId: string) =>
    (await inject('POST', `/api/auth/factors/${factorId}/challenge`, session)).json<{ id: string }>().id;

  it('answers 401 to a signed-out caller on every MFA route, before reading the input', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/auth/factors'],
      ['POST', `/api/auth/factors/${id}/challenge`],
      ['POST', `/api/auth/factors/${id}/verify`],
      ['DELETE', `/api/auth/factors/${id}`],
      ['GET', '/api/auth/mfa/recovery-codes'],
      ['POST', '/api/auth/mfa/recovery-codes'],
      ['POST', '/api/auth/mfa/recovery'],
      ['GET', '/api/auth/admin/mfa-settings'],
      ['PUT', '/api/auth/admin/mfa-settings'],
    ];
    for (const [method, url] of routes) expect((await inject(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
  });

  describe('enrolment', () => {
    it('refuses a signed-out caller, and bad input without creating a factor', async () => {
      expect((await inject('POST', '/api/auth/factors', undefined, { factor_type: 'totp' })).statusCode).toBe(401);
      const user = await buildUser(ctx());
      const phone = await inject('POST', '/api/auth/factors', user.session, { factor_type: 'phone' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().error).toMatch(/authenticator app/);
      const long = await inject('POST', '/api/auth/factors', user.session, { factor_type: 'totp', friendly_name: 'x'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect((await inject('GET', '/api/auth/user', user.session)).json().factors).toEqual([]);
    });

    it('lists an unverified factor in the user, verifies it on its first code and records the enrolment', async () => {
      const user = await buildUser(ctx());
      const factor = await enrolUnverified(user.session);
      expect((await inject('GET', '/api/auth/user', user.session)).json().factors).toEqual([
        expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' }),
      ]);
      expect(await hasVerifiedFactor(ctx().database.db, user.id)).toBe(false);
      const session = await answerChallenge(ctx(), user.session, factor.id, totpCode(factor.totp.secret));
      expect(claimsOf(session.access_token)).toMatchObject({ aal: 'aal2', session_id: claimsOf(user.session.access_token)['session_id'] });
      expect(session.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
      expect(await hasVerifiedFactor(ctx().database.db, user.id)).toBe(true);
      const entries = await auditOf(user.email);
      expect(entries.find((e) => e.action === 'mfa_enrolled')).toMatchObject({ actorId: user.id, targetUserId: user.id, details: { factor_id: factor.id } });
      expect(JSON.stringify(entries)).not.toContain(factor.totp.secret);
    });

    it('a second enrolment needs aal2 once a factor is verified; a taken name is refused', async () => {
      const user = await buildUser(ctx());
      const { session } = await enrolTotp(ctx(), user);
      const aal1 = await signIn(ctx().app, user.email, user.password);
      const refused = await inject('POST', '/api/auth/factors', aal1, { factor_type: 'totp' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_aal' });
      const taken = await inject('POST', '/api/auth/factors', session, { factor_type: 'totp', friendly_name: 'Authenticator app' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({ code: 'mfa_factor_name_conflict' });
      expect((await inject('POST', '/api/auth/factors', session, { factor_type: 'totp', friendly_name: 'Backup phone' })).statusCode).toBe(200);
    });
  });

  describe('challenge and verify', () => {
    it("refuses another user's factor and an id that is not one as not found", async () => {
      const owner = await buildUser(ctx());
      const stranger = await buildUser(ctx());
      const factor = await enrolUnverified(owner.session);
      for (const url of [`/api/auth/factors/${factor.id}/challenge`, '/api/auth/factors/not-a-uuid/challenge']) {
        const res = await inject('POST', url, stranger.session);
        expect(res.statusCode).toBe(404);
      }
      expect((await inject('DELETE', `/api/auth/factors/${factor.id}`, stranger.session)).statusCode).toBe(404);
      expect((await inject('POST', `/api/auth/factors/${factor.id}/challenge`)).statusCode).toBe(401);
    });

    it('refuses a wrong code, a code outside the ±30 s window, a reused code, a spent and an expired challenge', async () => {
      const user = await buildUser(ctx());
      const factor = await enrolUnverified(user.session);
      const verify = async (challengeId: string, code: string) =>
        inject('POST', `/api/auth/factors/${factor.id}/verify`, user.session, { challenge_id: challengeId, code });

      const malformed = await verify(await challengeOf(user.session, factor.id), '12345');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toMatch(/6-digit code/);

      const stale = await verify(await challengeOf(user.session, factor.id), totpCode(factor.totp.secret, -3));
      expect(stale.statusCode).toBe(422);
      expect(stale.json()).toMatchObject({ code: 'mfa_verification_failed' });

      // One guess per challenge: the refused challenge is spent.
      const once = await challengeOf(user.session, factor.id);
      expect((await verify(once, totpCode(factor.totp.secret, 3))).statusCode).toBe(422);
      const spent = await verify(once, totpCode(factor.totp.secret));
      expect(spent.statusCode).toBe(422);
      expect(spent.json()).toMatchObject({ code: 'mfa_challenge_expired' });

      const expired = await challengeOf(user.session, factor.id);
      await ctx()
        .database.db.update(mfaChallenges)
        .set({ createdAt: new Date(Date.now() - 301_000) })
        .where(eq(mfaChallenges.id, expired));
      expect((await verify(expired, totpCode(factor.totp.secret))).json()).toMatchObject({ code: 'mfa_challenge_expired' });
      expect((await inject('GET', '/api/auth/user', user.session)).json().factors[0].status).toBe('unverified');

      const code = totpCode(factor.totp.secret);
      expect((await verify(await challengeOf(user.session, factor.id), code)).statusCode).toBe(200);
      const replay = await verify(await challengeOf(user.session, factor.id), code);
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toMatchObject({ code: 'mfa_verification_failed' });
    });
  });

  describe('an account with MFA', () => {
    it('signs in at aal1, where only the MFA routes, GET /user and logout answer; the code raises the session, and a refresh keeps aal2', async () => {
      const user = await buildUser(ctx());
      const { factorId, secret } = await enrolTotp(ctx(), user);
      const aal1 = await signIn(ctx().app, user.email, user.password);
      expect(claimsOf(aal1.access_token)).toMatchObject({ aal: 'aal1' });
      expect(aal1.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
      expect((await inject('GET', '/api/auth/user', aal1)).statusCode).toBe(200);
      for (const url of ['/api/auth/sessions', '/api/profiles/me', '/api/auth/mfa/recovery-codes']) {
        const res = await inject(url === '/api/auth/mfa/recovery-codes' ? 'POST' : 'GET', url, aal1);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code, url).toBe('insufficient_aal');
      }
      // The enrolling session was raised to aal2, and its refresh tokens keep that level.
      const refreshed = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=refresh_token',
        payload: { refresh_token: user.session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(claimsOf(refreshed.json<Session>().access_token)).toMatchObject({ aal: 'aal2' });

      const aal2 = await answerChallenge(ctx(), aal1, factorId, totpCode(secret, 1));
      expect(claimsOf(aal2.access_token)).toMatchObject({
        aal: 'aal2',
        amr: [expect.objectContaining({ method: 'totp' }), expect.objectContaining({ method: 'password' })],
      });
      expect((await inject('GET', '/api/auth/sessions', aal2)).statusCode).toBe(200);
      const again = await ctx().app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: aal2.refresh_token } });
      expect(claimsOf(again.json<Session>().access_token)).toMatchObject({ aal: 'aal2' });
      expect((await inject('POST', '/api/auth/logout', aal1)).statusCode).toBe(204);
    });

    it('removes a verified factor only at aal2, and records it', async () => {
      const user = await buildUser(ctx());
      const { factorId, session } = await enrolTotp(ctx(), user);
      const aal1 = await signIn(ctx().app, user.email, user.password);
      const refused = await inject('DELETE', `/api/auth/factors/${factorId}`, aal1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_aal' });
      const removed = await inject('DELETE', `/api/auth/factors/${factorId}`, session);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ id: factorId });
      expect((await auditOf(user.email)).find((e) => e.action === 'mfa_unenrolled')).toMatchObject({ actorId: user.id, details: { factor_id: factorId } });
      // Without a factor, the aal1 session is a full one again.
      expect((await inject('GET', '/api/auth/sessions', aal1)).statusCode).toBe(200);
    });
  });

  describe('recovery codes', () => {
    it('are generated at aal2 only, shown once, replace the old set and sign in once each', async () => {
      const user = await buildUser(ctx());
      const none = await inject('POST', '/api/auth/mfa/recovery-codes', user.session);
      expect(none.statusCode).toBe(409);
      const { session } = await enrolTotp(ctx(), user);
      const first = (await inject('POST', '/api/auth/mfa/recovery-codes', session)).json<{ codes: string[] }>().codes;
      expect(first).toHaveLength(10);
      expect(new Set(first).size).toBe(10);
      for (const code of first) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      const res = await inject('POST', '/api/auth/mfa/recovery-codes', session);
      const codes = res.json<{ codes: string[] }>().codes;
      expect((await inject('GET', '/api/auth/mfa/recovery-codes', session)).json()).toEqual({ remaining: 10 });

      const aal1 = await signIn(ctx().app, user.email, user.password);
      const old = await inject('POST', '/api/auth/mfa/recovery', aal1, { code: first[0] });
      expect(old.statusCode).toBe(422);
      expect(old.json()).toMatchObject({ code: 'mfa_verification_failed' });
      expect((await inject('POST', '/api/auth/mfa/recovery', aal1, { code: 'nope' })).statusCode).toBe(400);

      const used = await inject('POST', '/api/auth/mfa/recovery', aal1, { code: codes[0]!.toUpperCase() });
      expect(used.statusCode).toBe(200);
      expect(claimsOf(used.json<Session>().access_token)).toMatchObject({
        aal: 'aal2',
        amr: [expect.objectContaining({ method: 'recovery_code' }), expect.anything()],
      });
      const aal1Again = await signIn(ctx().app, user.email, user.password);
      const reused = await inject('POST', '/api/auth/mfa/recovery', aal1Again, { code: codes[0] });
      expect(reused.statusCode).toBe(422);
      expect((await inject('GET', '/api/auth/mfa/recovery-codes', aal1Again)).json()).toEqual({ remaining: 9 });

      const actions = (await auditOf(user.email)).map((e) => e.action);
      expect(actions.filter((a) => a === 'mfa_recovery_codes_generated')).toHaveLength(2);
      expect(actions.filter((a) => a === 'mfa_recovery_code_used')).toHaveLength(1);
    });
  });

  describe('verifyMfaCodeForUser (for other account actions)', () => {
    it('accepts a current TOTP code or an unused recovery code once, and nothing for a user without MFA', async () => {
      const user = await buildUser(ctx());
      const { db } = ctx().database;
      expect(await verifyMfaCodeForUser(db, user.id, '123456')).toBe(false);
      const { secret, session } = await enrolTotp(ctx(), user);
      const [code] = (await inject('POST', '/api/auth/mfa/recovery-codes', session)).json<{ codes: string[] }>().codes;
      const totp = totpCode(secret, 1);
      expect(await verifyMfaCodeForUser(db, user.id, totp)).toBe(true);
      expect(await verifyMfaCodeForUser(db, user.id, totp)).toBe(false);
      expect(await verifyMfaCodeForUser(db, user.id, code!)).toBe(true);
      expect(await verifyMfaCodeForUser(db, user.id, code!)).toBe(false);
      expect(await verifyMfaCodeForUser(db, user.id, 'garbage')).toBe(false);
    });
  });

  describe('Require MFA for admins', () => {
    it('is for admins only, switched on only by an admin with MFA, recorded, and then keeps admins without MFA out of the admin API', async () => {
      const member = await buildUser(ctx());
      expect((await inject('GET', '/api/auth/admin/mfa-settings', member.session)).statusCode).toBe(403);
      const admin = await buildUser(ctx(), { admin: true });
      const other = await buildUser(ctx(), { admin: true });
      expect((await inject('GET', '/api/auth/admin/mfa-settings', admin.session)).json()).toEqual({ require_mfa_for_admins: false });
      const bad = await inject('PUT', '/api/auth/admin/mfa-settings', admin.session, { require_mfa_for_admins: 'yes' });
      expect(bad.statusCode).toBe(400);
      const noFactor = await inject('PUT', '/api/auth/admin/mfa-settings', admin.session, { require_mfa_for_admins: true });
      expect(noFactor.statusCode).toBe(409);
      expect(noFactor.json().error).toMatch(/your own profile/);

      const { session } = await enrolTotp(ctx(), admin);
      const on = await inject('PUT', '/api/auth/admin/mfa-settings', session, { require_mfa_for_admins: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ require_mfa_for_admins: true });
      expect((await auditOf(admin.email)).find((e) => e.action === 'mfa_admin_requirement_changed')).toMatchObject({
        details: { require_mfa_for_admins: true },
      });

      const refused = await inject('GET', '/api/auth/admin/users', other.session);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'mfa_required' });
      expect(refused.json().error).toMatch(/profile/);
      expect((await inject('GET', '/api/auth/admin/users', session)).statusCode).toBe(200);
      // Their own account still works outside the admin area.
      expect((await inject('GET', '/api/auth/sessions', other.session)).statusCode).toBe(200);

      expect((await inject('PUT', '/api/auth/admin/mfa-settings', session, { require_mfa_for_admins: false })).statusCode).toBe(200);
      expect((await inject('GET', '/api/auth/admin/users', other.session)).statusCode).toBe(200);
    });
  });
});
