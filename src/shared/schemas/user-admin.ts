import { z } from 'zod';
import { AUTH } from '../constants';
import { messages } from '../messages';
import { authUserSchema, emailSchema, type AuthUser } from './auth';

/**
 * Invitations and user administration (issue 19): GoTrue's admin API under /api/auth
 * (`POST /invite`, `GET/POST /admin/users`, `GET/PUT/DELETE /admin/users/{id}`), the audit
 * log and the "Make Me Admin" whitelist.
 */

const u = messages.users;

/** A positive whole number from a query string; auth-js sends `page=&per_page=` when none is given. */
const queryInt = (fallback: number, max: number) => z.preprocess((v) => (v === '' || v === undefined ? fallback : v), z.coerce.number().int().min(1).max(max));

/** GoTrue's paging of `GET /admin/users`: page from 1, 50 a page unless asked otherwise; `filter` searches e-mail, name and company. */
export const listUsersQuerySchema = z.object({
  page: queryInt(1, 1_000_000),
  per_page: queryInt(50, 1000),
  filter: z.string().trim().max(200).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

const METADATA_MAX_BYTES = 8192;

/** GoTrue's `user_metadata` (an invitation's `data`): any JSON object, kept small. */
export const userMetadataSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= METADATA_MAX_BYTES, u.metadataTooLarge);

/** The only app role. */
export const ADMIN_ROLE = 'admin';

/**
 * What the admin API may change in `app_metadata`: `roles` (['admin'] grants the admin role, []
 * revokes it). `provider` and `providers` are read-only and ignored when sent back unchanged.
 */
export const appMetadataInputSchema = z.strictObject(
  {
    roles: z
      .array(z.literal(ADMIN_ROLE, { error: u.unknownRole }))
      .max(1)
      .optional(),
    provider: z.string().optional(),
    providers: z.array(z.string()).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? u.appMetadataRolesOnly : undefined) },
);

/** Go duration units, as GoTrue parses `ban_duration` ("876000h", "1h30m", "90s"). */
const DURATION_UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;

/** GoTrue's way to disable an account "for good": 100 years. */
export const BAN_FOREVER = '876000h';
/** And to enable it again. */
export const BAN_NONE = 'none';

/** A `ban_duration` in milliseconds; null for "none" (enable); undefined when it does not parse or is not positive. */
export function banDurationMs(value: string): number | null | undefined {
  if (value === BAN_NONE) return null;
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * (DURATION_UNIT_MS[unit as string] ?? 0);
  return total >= 1 ? total : undefined;
}

export const banDurationSchema = z
  .string()
  .trim()
  .refine((v) => banDurationMs(v) !== undefined, u.badBanDuration);

/**
 * `POST /admin/users`. The password, when given, follows the reset rules (422 weak_password
 * otherwise); without one the account can only be entered after a password reset.
 */
export const adminCreateUserSchema = z.object({
  email: emailSchema,
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: userMetadataSchema.optional(),
  app_metadata: appMetadataInputSchema.optional(),
  ban_duration: banDurationSchema.optional(),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/**
 * `PUT /admin/users/{id}`: `ban_duration` disables ("876000h") or enables ("none") the account,
 * `app_metadata.roles` grants or revokes admin, `password` sets a password (ending the user's
 * sessions), `user_metadata` is merged (a null value removes its key). Other fields are ignored,
 * but a new `email` is refused (change of e-mail comes later).
 */
export const adminUpdateUserSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
  app_metadata: appMetadataInputSchema.optional(),
  ban_duration: banDurationSchema.optional(),
});
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

/** `DELETE /admin/users/{id}`: auth-js sends `should_soft_delete`; there is no soft delete, so it changes nothing. */
export const adminDeleteUserSchema = z.object({ should_soft_delete: z.boolean().optional() }).optional();

/** `POST /invite` (auth-js's `inviteUserByEmail`): `data` becomes the account's `user_metadata`. */
export const inviteBodySchema = z.object({ email: emailSchema, data: userMetadataSchema.optional() });
export const inviteQuerySchema = z.object({ redirect_to: z.string().optional() });

/** A user as the admin API answers it: `app_metadata.roles` always says whether it is an admin. */
export const adminUserSchema = authUserSchema.extend({
  app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()), roles: z.array(z.string()) }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /admin/users`: GoTrue's `{ users, aud }` (with X-Total-Count and Link headers), plus `total` for clients that read no headers. */
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), aud: z.string(), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** `GET /admin/invite-settings`: how invitations reach people (SMTP, or the server log when SMTP_URL is not set). */
export const inviteSettingsSchema = z.object({ mail_delivery: z.enum(['smtp', 'log']), invitation_days: z.number().int() });
export type InviteSettings = z.infer<typeof inviteSettingsSchema>;

export const USER_STATUSES = ['active', 'invited', 'invitation_expired', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const DAY_MS = 86_400_000;

/** When an invitation sent at `invitedAt` stops working. */
export function invitationExpiry(invitedAt: Date): Date {
  return new Date(invitedAt.getTime() + AUTH.invitationDays * DAY_MS);
}

/**
 * An account's status: disabled while `banned_until` is ahead; invited while an invitation was
 * sent and the link not yet followed (expired after AUTH.invitationDays); else active.
 */
export function userStatus(user: Pick<AuthUser, 'banned_until' | 'invited_at' | 'email_confirmed_at'>, now = Date.now()): UserStatus {
  if (user.banned_until && new Date(user.banned_until).getTime() > now) return 'disabled';
  if (user.invited_at && !user.email_confirmed_at) {
    return invitationExpiry(new Date(user.invited_at)).getTime() > now ? 'invited' : 'invitation_expired';
  }
  return 'active';
}

export function isAdminUser(user: Pick<AdminUser, 'app_metadata'>): boolean {
  return user.app_metadata.roles.includes(ADMIN_ROLE);
}

/**
 * What the audit log records. Later account features (MFA, sessions, export, erasure, change of
 * e-mail) and other admin areas add their own actions; readers show an unknown one as it is.
 */
export const AUDIT_ACTIONS = [
  'user_invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'user_created',
  'user_updated',
  'password_set',
  'user_disabled',
  'user_enabled',
  'admin_granted',
  'admin_revoked',
  'whitelist_added',
  'whitelist_removed',
  // A user's own account (issue 19, sessions): changing the password, signing sessions out from the profile.
  'password_changed',
  'session_revoked',
  'other_sessions_revoked',
  // Change of e-mail: asked for (the new address still to confirm), then confirmed at the new address.
  'user_email_change_requested',
  'user_email_changed',
  // Multi-factor authentication (issue 19).
  'mfa_enrolled',
  'mfa_unenrolled',
  'mfa_recovery_codes_generated',
  'mfa_recovery_code_used',
  'mfa_admin_requirement_changed',
  // Account erasure (issue 19): recorded without the account's e-mail, under a random reference.
  'user_deleted',
  'data_export_requested',
  'data_export_downloaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry: who (null actor: the command line), what, to whom, when, from where; details hold no secret. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  target_user_id: z.string().nullable(),
  target_email: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  page: queryInt(1, 1_000_000),
  per_page: queryInt(50, 200),
  /** Part of the actor's or the target's e-mail. */
  filter: z.string().trim().max(200).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** `GET /api/admin/audit`: newest first (X-Total-Count and Link headers as well). */
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditList = z.infer<typeof auditListSchema>;

/** The "Make Me Admin" whitelist (SPEC §3 Admin whitelist). */
export const whitelistEntrySchema = z.object({ email: z.string(), created_at: z.string() });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const whitelistAddSchema = z.object({ email: emailSchema });
export type WhitelistAddInput = z.infer<typeof whitelistAddSchema>;
export const whitelistParamsSchema = z.object({ email: z.string().min(1).max(320) });

/** The Users tab's invite form. */
export const inviteFormSchema = z.object({ email: emailSchema });
export type InviteFormInput = z.infer<typeof inviteFormSchema>;
