import { z } from 'zod';
import { messages } from '../messages';
import { idParam } from './ids';

/**
 * Multi-factor authentication (issue 19) in the shapes of GoTrue's MFA API, so `@supabase/auth-js`'s
 * `mfa.*` methods work unchanged, plus Trackside's recovery codes (GoTrue has none).
 */

/** A six-digit TOTP code (spaces a user typed are dropped). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and the dash are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes' })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes (10 letters and digits)'));

/** `POST /factors` (auth-js `mfa.enroll`). */
export const enrollBodySchema = z.object({
  factor_type: z.literal('totp', { error: messages.mfa.onlyTotp }),
  friendly_name: z.string().trim().max(100, 'The name must be at most 100 characters').optional(),
  issuer: z.string().trim().max(100, 'The issuer must be at most 100 characters').optional(),
});

export const enrollResponseSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  /** Shown once: the QR code (raw SVG; auth-js makes it a data URI), the base32 secret and the otpauth URI. */
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});
export type EnrollResponse = z.infer<typeof enrollResponseSchema>;

export const factorParamsSchema = z.object({ id: idParam(messages.mfa.factorNotFound) });

/** `POST /factors/{id}/challenge`: auth-js sends its params (factorId…), which are ignored. */
export const challengeResponseSchema = z.object({ id: z.string(), type: z.literal('totp'), expires_at: z.number().int() });

/** `POST /factors/{id}/verify` (auth-js `mfa.verify`). */
export const verifyFactorBodySchema = z.object({
  challenge_id: z.uuid({ error: messages.mfa.challengeExpired }),
  code: totpCodeSchema,
});

export const unenrollResponseSchema = z.object({ id: z.string() });

/** One factor as the user object's `factors` lists it (GoTrue's Factor). */
export const factorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().optional(),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
  updated_at: z.string(),
  last_challenged_at: z.string().optional(),
});
export type Factor = z.infer<typeof factorSchema>;

/** `POST /mfa/recovery-codes`: a new set, shown once (the old set stops working). */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `GET /mfa/recovery-codes`: how many unused codes are left. */
export const recoveryCodeStatusSchema = z.object({ remaining: z.number().int() });

/** `POST /mfa/recovery`: a recovery code in place of a TOTP code; answers a session at aal2. */
export const recoveryBodySchema = z.object({ code: recoveryCodeSchema });

/** `GET/PUT /admin/mfa-settings`. */
export const mfaSettingsSchema = z.object({ require_mfa_for_admins: z.boolean() });
export type MfaSettings = z.infer<typeof mfaSettingsSchema>;
