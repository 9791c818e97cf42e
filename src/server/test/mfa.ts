import { Secret, TOTP } from 'otpauth';
import type { Session } from '../../shared/schemas/auth';
import type { TestContext } from './app';
import type { TestUser } from './factories';

/** The TOTP code of `secret` `steps` periods of 30 s from now, as an authenticator app shows it. */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

export const bearer = (session: Pick<Session, 'access_token'>) => ({ authorization: `Bearer ${session.access_token}` });

/** The claims of an access token (not verified: the server signed it in the same test). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  const [, payload = ''] = accessToken.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Enrols a TOTP factor for the user through the API and verifies it with the current code; the session answered is at aal2. */
export async function enrolTotp(ctx: TestContext, user: TestUser, steps = 0): Promise<{ factorId: string; secret: string; session: Session }> {
  const enrolled = await ctx.app.inject({ method: 'POST', url: '/api/auth/factors', headers: user.headers, payload: { factor_type: 'totp' } });
  if (enrolled.statusCode !== 200) throw new Error(`enrol failed: ${enrolled.statusCode} ${enrolled.body}`);
  const { id, totp } = enrolled.json<{ id: string; totp: { secret: string } }>();
  const session = await answerChallenge(ctx, user.session, id, totpCode(totp.secret, steps));
  return { factorId: id, secret: totp.secret, session };
}

/** Challenges the factor and verifies `code`; throws unless the answer is a session. */
export async function answerChallenge(ctx: TestContext, session: Pick<Session, 'access_token'>, factorId: string, code: string): Promise<Session> {
  const challenge = await ctx.app.inject({ method: 'POST', url: `/api/auth/factors/${factorId}/challenge`, headers: bearer(session) });
  if (challenge.statusCode !== 200) throw new Error(`challenge failed: ${challenge.statusCode} ${challenge.body}`);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/auth/factors/${factorId}/verify`,
    headers: bearer(session),
    payload: { challenge_id: challenge.json<{ id: string }>().id, code },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return verified.json<Session>();
}
