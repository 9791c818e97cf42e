import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { sessionSchema } from '../../../shared/schemas/auth';
import {
  challengeResponseSchema,
  enrollBodySchema,
  enrollResponseSchema,
  factorParamsSchema,
  mfaSettingsSchema,
  recoveryBodySchema,
  recoveryCodesSchema,
  recoveryCodeStatusSchema,
  unenrollResponseSchema,
  verifyFactorBodySchema,
} from '../../../shared/schemas/mfa';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { adminOnly, signedInAnyAal } from '../../plugins/authorize';
import { auditActorOf } from './audit';
import * as mfa from './mfa';
import type { AuthService } from './service';

/**
 * GoTrue's MFA API (issue 19) under /api/auth, so auth-js's `mfa.enroll`, `challenge`, `verify`,
 * `unenroll`, `listFactors` and `getAuthenticatorAssuranceLevel` work unchanged; plus Trackside's
 * recovery codes under /mfa (GoTrue has none) and the admin setting that requires MFA for admins.
 * Every route here also serves an aal1 session: that is how a user with MFA finishes signing in.
 */
export const mfaRoutes: FastifyPluginAsyncZod<{ auth: AuthService; db: Db }> = async (app, { auth, db }) => {
  // Codes are six digits: guesses are limited per session (the sign-in limits count per address).
  const codesPerSession = app.limiter({ ...RATE_LIMITS.mfaCodesPerSession, key: (r) => r.principal?.sessionId });

  app.post(
    '/factors',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: 'Enrol a TOTP factor (auth-js mfa.enroll): the secret and QR code are shown this once; unverified until a first code is verified',
        body: enrollBodySchema,
        response: { 200: enrollResponseSchema },
      },
    },
    async (request) => mfa.enroll(db, await request.requireUser(), { friendlyName: request.body.friendly_name, issuer: request.body.issuer }),
  );

  app.post(
    '/factors/:id/challenge',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: `Start a challenge of a factor (auth-js mfa.challenge); a code answers it once within ${mfa.CHALLENGE_SECONDS} seconds`,
        params: factorParamsSchema,
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: challengeResponseSchema },
      },
    },
    async (request) => mfa.challenge(db, await request.requireUser(), request.params.id, request.ip || null),
  );

  app.post(
    '/factors/:id/verify',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: 'Answer a challenge with a TOTP code (auth-js mfa.verify): verifies the factor on its first code and answers the session raised to aal2',
        params: factorParamsSchema,
        body: verifyFactorBodySchema,
        response: { 200: sessionSchema },
      },
      preHandler: [codesPerSession],
    },
    async (request) => {
      const principal = await request.requireUser();
      await mfa.verify(db, principal, request.params.id, request.body.challenge_id, request.body.code, request.ip || null);
      return auth.reissueSession(principal);
    },
  );

  app.delete(
    '/factors/:id',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: 'Remove a factor (auth-js mfa.unenroll); a verified one needs an aal2 session',
        params: factorParamsSchema,
        response: { 200: unenrollResponseSchema },
      },
    },
    async (request) => mfa.unenroll(db, await request.requireUser(), request.params.id, request.ip || null),
  );

  app.get(
    '/mfa/recovery-codes',
    {
      ...signedInAnyAal,
      schema: { tags: ['auth mfa'], summary: 'How many unused recovery codes I have (Trackside)', response: { 200: recoveryCodeStatusSchema } },
    },
    async (request) => ({ remaining: await mfa.remainingRecoveryCodes(db, (await request.requireUser()).userId) }),
  );

  app.post(
    '/mfa/recovery-codes',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: `A new set of ${mfa.RECOVERY_CODE_COUNT} single-use recovery codes, shown this once; the old ones stop working. Needs a verified factor and an aal2 session (Trackside)`,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => ({ codes: await mfa.regenerateRecoveryCodes(db, await request.requireUser(), request.ip || null) }),
  );

  app.post(
    '/mfa/recovery',
    {
      ...signedInAnyAal,
      schema: {
        tags: ['auth mfa'],
        summary: 'Finish signing in with a recovery code instead of a TOTP code: spends it and answers the session raised to aal2 (Trackside)',
        body: recoveryBodySchema,
        response: { 200: sessionSchema },
      },
      preHandler: [codesPerSession],
    },
    async (request) => {
      const principal = await request.requireUser();
      await mfa.signInWithRecoveryCode(db, principal, request.body.code, request.ip || null);
      return auth.reissueSession(principal);
    },
  );

  app.get(
    '/admin/mfa-settings',
    { ...adminOnly, schema: { tags: ['auth admin'], summary: 'Whether admins must use MFA', response: { 200: mfaSettingsSchema } } },
    async () => ({ require_mfa_for_admins: await mfa.requireMfaForAdmins(db) }),
  );

  app.put(
    '/admin/mfa-settings',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: 'Require MFA for admins (or not): admins without a verified factor then get 403 from the admin API. Only an admin with MFA may switch it on',
        body: mfaSettingsSchema,
        response: { 200: mfaSettingsSchema },
      },
    },
    async (request) => {
      const principal = await request.requireUser();
      const on = request.body.require_mfa_for_admins;
      // Switching it on without a factor would lock the caller out of the very setting.
      if (on && !principal.hasVerifiedFactor) throw new AppError(ErrorCode.conflict, messages.mfa.enableNeedsOwnFactor, 409);
      await mfa.setRequireMfaForAdmins(db, await auditActorOf(request), on);
      return { require_mfa_for_admins: on };
    },
  );
};
