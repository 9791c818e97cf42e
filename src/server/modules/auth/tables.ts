import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null until an invited user sets a password (or for an account an admin created without one). */
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When the latest invitation was sent; with no `emailConfirmedAt` the account is still an invitation. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** Disabled until then (GoTrue's `banned_until`): no sign-in, no refresh, no access token accepted. */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /** GoTrue's `user_metadata`: what an invitation's `data` or an admin put there. */
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A change of e-mail waiting for the new address to confirm it (GoTrue's `email_change`,
     * `email_change_token_new`, `email_change_sent_at`): one at a time, so a newer request voids
     * the older link; the token is stored as a SHA-256 hash and is valid AUTH.emailChangeLinkHours.
     */
    newEmail: text('new_email'),
    emailChangeTokenHash: text('email_change_token_hash'),
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), uniqueIndex('users_email_change_token_idx').on(t.emailChangeTokenHash)],
);

/** One sign-in; access tokens name it, and revoking it ends every token of that sign-in. */
export const sessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password' or 'recovery', echoed in the token's amr claim. */
    method: text('method').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, then at the latest recorded refresh (raw; the profile shows a short label of it). */
    userAgent: text('user_agent'),
    /** The client address (request.ip, so TRUST_PROXY decides) at sign-in, then at the latest recorded refresh. */
    ip: text('ip'),
    /** When a refresh token of the session was last used (recorded at most once a minute); null until the first refresh. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** 'aal1' after a password or link; 'aal2' once an MFA factor was verified in this session (kept across refreshes). */
    aal: text('aal').notNull().default('aal1'),
    /** Further methods proven in this session (an MFA code), added to the token's amr after `method`. */
    amr: jsonb('amr').$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque rotating refresh tokens, stored as SHA-256 hashes; a session is their family. */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_refresh_tokens_hash_idx').on(t.tokenHash), index('auth_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use password recovery tokens, stored as SHA-256 hashes. */
export const recoveryTokens = pgTable(
  'auth_recovery_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_recovery_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Invitation links (GoTrue's invite flow), stored as SHA-256 hashes: valid for
 * AUTH.invitationDays, spent when followed, void once a newer invitation is sent.
 */
export const invitations = pgTable(
  'auth_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_invitations_hash_idx').on(t.tokenHash), index('auth_invitations_user_idx').on(t.userId)],
);

/**
 * What admins did, and to whom (GoTrue's audit_log_entries): every admin action writes one row.
 * The e-mails are copies, so an entry still says who and whom after an account is gone; details
 * never hold a password or a token.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the command line (and once the actor's account is gone: `actorEmail` remains). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account's e-mail, or the whitelisted e-mail. */
    targetEmail: text('target_email'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    ...timestamps,
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetUserId)],
);

/**
 * ES256 signing keys. The newest active key signs; retired keys stay published in the JWKS
 * until every token they signed has expired, so rotation signs nobody out.
 */
export const signingKeys = pgTable('auth_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * MFA factors (GoTrue's mfa_factors): TOTP only. 'unverified' from enrolment until a first code
 * is verified. The secret is never logged nor answered after enrolment.
 */
export const mfaFactors = pgTable(
  'auth_mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull().default('totp'),
    status: text('status').notNull().default('unverified'),
    /** The base32 TOTP secret. */
    secret: text('secret').notNull(),
    /** The TOTP time step of the last code accepted: a code of that step or earlier is refused (no replay). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastChallengedAt: timestamp('last_challenged_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_mfa_factors_user_idx').on(t.userId)],
);

/** A challenge of a factor (GoTrue's mfa_challenges): a code is verified against one, once, before it expires. */
export const mfaChallenges = pgTable('auth_mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  ipAddress: text('ip_address'),
  ...timestamps,
});

/** Single-use recovery codes (Trackside's, GoTrue has none), stored as SHA-256 hashes. */
export const mfaRecoveryCodes = pgTable(
  'auth_mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('auth_mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Account-security settings an admin changes in the admin area: one row (id 'global'). */
export const authSettings = pgTable('auth_settings', {
  id: text('id').primaryKey().default('global'),
  /** Admins must have a verified MFA factor, and be at aal2, to use the admin API. */
  requireMfaForAdmins: boolean('require_mfa_for_admins').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
