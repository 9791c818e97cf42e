import { z } from 'zod';
import { PASSWORD } from '../constants';
import { messages } from '../messages';

const v = messages.validation;

export const emailSchema = z.email({ error: v.invalidEmail }).trim().toLowerCase();

/** SPEC §5 Login. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: v.loginPasswordTooShort }).min(PASSWORD.loginMin, v.loginPasswordTooShort),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The request body of `POST /api/auth/signup` (the terms box and confirmation stay in the form). */
export const signupSchema = loginSchema;

/** SPEC §5 Sign-up form, used by the web app when sign-up is on. */
export const signupFormSchema = loginSchema
  .extend({
    confirmPassword: z.string().min(PASSWORD.loginMin, v.loginPasswordTooShort),
    terms: z.literal(true, { error: v.termsRequired }),
  })
  .refine((f) => f.password === f.confirmPassword, {
    message: v.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupFormInput = z.infer<typeof signupFormSchema>;

/** SPEC §5 Reset password: the rules for any new password. */
export const newPasswordSchema = z
  .string({ error: v.resetPasswordTooShort })
  .min(PASSWORD.resetMin, v.resetPasswordTooShort)
  .regex(/[A-Z]/, v.resetPasswordUppercase)
  .regex(/[a-z]/, v.resetPasswordLowercase)
  .regex(/[0-9]/, v.resetPasswordNumber);

export const resetPasswordFormSchema = z.object({ password: newPasswordSchema, confirmPassword: z.string() }).refine((f) => f.password === f.confirmPassword, {
  message: v.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** SPEC §5 Forgot password. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const tokenQuerySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token'], {
    error: 'grant_type must be password or refresh_token',
  }),
});

export const refreshTokenSchema = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required'),
});

export const logoutQuerySchema = z.object({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});

export const recoverQuerySchema = z.object({ redirect_to: z.string().optional() });
export const recoverBodySchema = z.object({
  email: emailSchema,
  redirectTo: z.string().optional(),
  redirect_to: z.string().optional(),
});

/** `PUT /api/auth/user`: a password change, or a change of e-mail. */
export const updateUserSchema = z.object({ password: newPasswordSchema });

/** `PUT /api/auth/user?redirect_to=`: where the change-of-e-mail link opens (auth-js `emailRedirectTo`). */
export const updateUserQuerySchema = z.object({ redirect_to: z.string().optional() });

/** The e-mailed links `/verify` follows: a password recovery, an invitation (GoTrue's invite flow) or a change of e-mail. */
export const verifyTypeSchema = z.enum(['recovery', 'invite', 'email_change'], { error: 'type must be recovery, invite or email_change' });
export type VerifyType = z.infer<typeof verifyTypeSchema>;

export const verifyQuerySchema = z.object({
  token: z.string().min(1),
  type: verifyTypeSchema,
  redirect_to: z.string().optional(),
});
export const verifyBodySchema = z
  .object({
    type: verifyTypeSchema,
    token: z.string().min(1).optional(),
    token_hash: z.string().min(1).optional(),
  })
  .refine((b) => b.token ?? b.token_hash, { message: messages.reset.invalidOrMissingToken, path: ['token'] });

export const identitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.object({ email: z.string(), sub: z.string() }),
  provider: z.literal('email'),
  created_at: z.string(),
  updated_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});

/** A user as the Supabase Auth protocol describes it (SPEC §3 User). */
export const authUserSchema = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  phone: z.string(),
  last_sign_in_at: z.string().nullable(),
  /** `roles` (['admin'] or []) in the admin API's answers only. */
  app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()), roles: z.array(z.string()).optional() }),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(identitySchema),
  factors: z.array(z.unknown()),
  is_anonymous: z.boolean(),
  /** When the latest invitation was sent (invited accounts only). */
  invited_at: z.string().optional(),
  /** Disabled until then (disabled accounts only). */
  banned_until: z.string().optional(),
  /** A change of e-mail waiting for the new address to confirm it, and when its link was sent. */
  new_email: z.string().optional(),
  email_change_sent_at: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** SPEC §3 Session. */
export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const recoverResponseSchema = z.object({ message: z.string() });
