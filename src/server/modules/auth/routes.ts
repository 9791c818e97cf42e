import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  type AuthUser,
  authUserSchema,
  loginSchema,
  logoutQuerySchema,
  recoverBodySchema,
  recoverQuerySchema,
  recoverResponseSchema,
  refreshTokenSchema,
  sessionSchema,
  signupSchema,
  tokenQuerySchema,
  updateUserQuerySchema,
  verifyBodySchema,
  verifyQuerySchema,
} from '../../../shared/schemas/auth';
import { AUTH } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/pg-errors';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { signedIn, signedInAnyAal } from '../../plugins/authorize';
import { parseNewEmail } from './email-change';
import { assertStrongPassword } from './passwords';
import { authAdminRoutes } from './admin-routes';
import { listFactors } from './mfa';
import { mfaRoutes } from './mfa-routes';
import { accountRoutes } from '../erasure/routes';
import { sessionRoutes } from './session-routes';
import { clientOf } from './sessions';
import type { AuthService } from './service';
import type { UserAdmin } from './user-admin';
import { toAuthUser } from './user-view';

const emailOf = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

/**
 * The Supabase Auth (GoTrue) protocol under /api/auth, so `@supabase/auth-js` works unchanged.
 * Unknown body fields that client adds (gotrue_meta_security, code_challenge…) are ignored.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UserAdmin; config: Config; db: Db }> = async (app, { auth, users, config, db }) => {
  // auth-js posts /logout with `content-type: application/json` and no body; Fastify's own
  // parser rejects that with 400, which the client does not ignore (it keeps the session).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body.length === 0 ? done(null, undefined) : parseJson(request, body as string, done),
  );

  const grantOf = (r: FastifyRequest) => (r.query as { grant_type?: string }).grant_type;
  const signInByIp = app.limiter({
    ...RATE_LIMITS.signInByIp(config.rateLimits.signInPerMinute),
    key: (r) => (grantOf(r) === 'refresh_token' ? undefined : r.ip),
  });
  const signInByAccountAndIp = app.limiter({
    ...RATE_LIMITS.signInByAccountAndIp(config.rateLimits.signInPerMinute),
    key: (r) => {
      const email = grantOf(r) === 'password' ? emailOf(r.body) : undefined;
      return email ? `${email}|${r.ip}` : undefined;
    },
  });
  const refreshByIp = app.limiter({ ...RATE_LIMITS.refreshByIp, key: (r) => (grantOf(r) === 'refresh_token' ? r.ip : undefined) });
  const recoverByEmail = app.limiter({ ...RATE_LIMITS.recoverByEmail(config.rateLimits.recoverEverySeconds), key: (r) => emailOf(r.body) });
  const recoverByIp = app.limiter({ ...RATE_LIMITS.recoverByIp, key: (r) => r.ip });
  // A change of e-mail mails two addresses: limited per account, as recovery is per e-mail. The
  // route runs it once the input is valid, so that only a request carried out counts.
  const emailChangeByUser = app.limiter({ ...RATE_LIMITS.emailChangeByUser(config.rateLimits.recoverEverySeconds), key: (r) => r.principal?.userId });
  const grantLimits = [signInByIp, signInByAccountAndIp, refreshByIp];

  // auth-js reads `code` from error bodies only when the server names this protocol version.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-supabase-api-version', '2024-01-01');
  });

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, or exchange a refresh token for a new session',
        querystring: tokenQuerySchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: sessionSchema },
      },
      preHandler: grantLimits,
    },
    async (request) => {
      if (request.query.grant_type === 'password') {
        const { email, password } = loginSchema.parse(request.body);
        return auth.signInWithPassword(email, password, clientOf(request));
      }
      const { refresh_token } = refreshTokenSchema.parse(request.body);
      return auth.refresh(refresh_token, clientOf(request));
    },
  );

  app.post(
    '/signup',
    {
      schema: { tags: ['auth'], summary: 'Create an account (when SIGNUP_ENABLED)', body: z.record(z.string(), z.unknown()), response: { 200: sessionSchema } },
      preHandler: [signInByIp],
    },
    async (request) => {
      if (!config.signupEnabled) throw new AppError(ErrorCode.signupDisabled, messages.auth.signupDisabled, 403);
      const { email, password } = signupSchema.parse(request.body);
      return auth.signUp(email, password, clientOf(request));
    },
  );

  app.post(
    '/logout',
    { ...signedInAnyAal, schema: { tags: ['auth'], summary: 'Sign out this session, all sessions or the others', querystring: logoutQuerySchema } },
    async (request, reply) => {
      const principal = await request.requireUser();
      await auth.signOut(principal, request.query.scope);
      return reply.status(204).send();
    },
  );

  app.get(
    '/user',
    { ...signedInAnyAal, schema: { tags: ['auth'], summary: 'The signed-in user, with its MFA factors (also at aal1)', response: { 200: authUserSchema } } },
    async (request) => {
      const { user } = await request.requireUser();
      return toAuthUser(user, await listFactors(db, user.id));
    },
  );

  app.put(
    '/user',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary:
          'Change the password (with a normal or a recovery session), or the e-mail: `{ email }` mails a confirmation link to the new address (valid 24 hours) and a notice to the old one; the user shows `new_email` until the link is followed',
        querystring: updateUserQuerySchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: authUserSchema },
      },
    },
    async (request, reply) => {
      const principal = await request.requireUser();
      const { password, email } = (request.body ?? {}) as { password?: unknown; email?: unknown };
      // Both are checked before either is carried out, so bad input changes nothing.
      const newEmail = email === undefined ? undefined : parseNewEmail(email, principal.email);
      if (password !== undefined || newEmail === undefined) assertStrongPassword(password);
      let user: AuthUser | undefined;
      if (newEmail !== undefined) {
        await auth.assertEmailChangePossible(principal, newEmail);
        await emailChangeByUser.call(app, request, reply);
        user = await auth.requestEmailChange(principal, newEmail, request.query.redirect_to, request.ip);
      }
      if (password !== undefined) user = await auth.updatePassword(principal, password, request.ip);
      return user;
    },
  );

  app.post(
    '/recover',
    {
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a password recovery link; the answer is the same whether or not the account exists. A redirect that is not allowed is replaced by PUBLIC_URL/account/reset-password (as GoTrue does).',
        querystring: recoverQuerySchema,
        body: recoverBodySchema,
        response: { 200: recoverResponseSchema },
      },
      // Bad input is refused by the schema before any limit counts. The per-address limit comes
      // next (it also spares the SMTP server a probe per request); the per-e-mail minute last, once
      // mail can be sent, so that only a request that is carried out starts it.
      preHandler: [recoverByIp, async () => auth.assertMailReady(), recoverByEmail],
    },
    async (request) => {
      const { body } = request;
      const redirectTo = request.query.redirect_to ?? body.redirectTo ?? body.redirect_to;
      try {
        await auth.requestRecovery(body.email, redirectTo);
      } catch (error) {
        // Nothing was sent and nothing will be: the client is told to try again (503), never "on its way".
        if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
        // A mail failure must not reveal that the account exists: log it, answer as usual.
        request.log.error({ err: error }, 'recovery e-mail could not be sent');
      }
      return { message: messages.auth.recoverSent };
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Follow an e-mailed recovery, invitation or change-of-e-mail link; redirects with the session in the URL fragment (to the reset page, the invitation page where the invitee sets a password, or the e-mail confirmation page)',
        querystring: verifyQuerySchema,
      },
    },
    async (request, reply) => {
      const { type } = request.query;
      const target = new URL(auth.resolveRedirect(request.query.redirect_to, type));
      try {
        const session = await auth.verify(type, request.query.token, clientOf(request));
        target.hash = new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type,
        }).toString();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        target.hash = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message }).toString();
      }
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a recovery, invitation or change-of-e-mail token for a session (auth-js verifyOtp with type recovery, invite or email_change)',
        body: verifyBodySchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => auth.verify(request.body.type, (request.body.token ?? request.body.token_hash) as string, clientOf(request)),
  );

  // The admin API shares this protocol's body parsing and version header.
  await app.register(authAdminRoutes, { users, config });
  await app.register(sessionRoutes, { db });
  await app.register(mfaRoutes, { auth, db });
  await app.register(accountRoutes, { db, config });

  app.get('/.well-known/jwks.json', { schema: { tags: ['auth'], summary: 'Public keys that verify Trackside access tokens' } }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${AUTH.jwksCacheSeconds}`);
    return auth.publicKeys();
  });
};
