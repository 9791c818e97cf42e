import type { AuthUser } from '../../../shared/schemas/auth';
import type { Factor } from '../../../shared/schemas/mfa';
import { ADMIN_ROLE, type AdminUser } from '../../../shared/schemas/user-admin';
import type { AdminUserRow, UserRow } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A user row in the shape of the Supabase Auth protocol (SPEC §3 User); `factors` are its MFA factors where the answer lists them. */
export function toAuthUser(user: UserRow, factors: Factor[] = []): AuthUser {
  const createdAt = user.createdAt.toISOString();
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.userMetadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, sub: user.id },
        provider: 'email',
        created_at: createdAt,
        updated_at: user.updatedAt.toISOString(),
        last_sign_in_at: iso(user.lastSignInAt),
      },
    ],
    factors,
    is_anonymous: false,
    ...(user.invitedAt ? { invited_at: user.invitedAt.toISOString() } : {}),
    ...(user.bannedUntil ? { banned_until: user.bannedUntil.toISOString() } : {}),
    ...(user.newEmail ? { new_email: user.newEmail } : {}),
    ...(user.newEmail && user.emailChangeSentAt ? { email_change_sent_at: user.emailChangeSentAt.toISOString() } : {}),
    created_at: createdAt,
    updated_at: user.updatedAt.toISOString(),
  };
}

/**
 * A user as the admin API answers it: `app_metadata.roles` says whether it is an admin, and
 * `user_metadata` carries the profile's `full_name` and `company_name` (Trackside keeps them in
 * the profile, where GoTrue projects keep them in user metadata) over whatever was stored there.
 */
export function toAdminUser(row: AdminUserRow): AdminUser {
  const user = toAuthUser(row);
  return {
    ...user,
    app_metadata: { ...user.app_metadata, roles: row.isAdmin ? [ADMIN_ROLE] : [] },
    user_metadata: {
      ...user.user_metadata,
      ...(row.fullName ? { full_name: row.fullName } : {}),
      ...(row.companyName ? { company_name: row.companyName } : {}),
    },
  };
}
