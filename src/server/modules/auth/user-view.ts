import type { AuthUser } from '../../../shared/schemas/auth';
import type { UserRow } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A user row in the shape of the Supabase Auth protocol (SPEC §3 User). */
export function toAuthUser(user: UserRow): AuthUser {
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
    user_metadata: {},
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
    factors: [],
    is_anonymous: false,
    created_at: createdAt,
    updated_at: user.updatedAt.toISOString(),
  };
}
