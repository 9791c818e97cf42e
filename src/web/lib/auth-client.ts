import { AuthClient } from '@supabase/auth-js';
import { AUTH } from '../../shared/constants';
import { announceAuth, AUTH_STORAGE_KEY, AUTH_URL } from './load-auth';

export { AUTH_URL };

/**
 * SPEC §9 Auth timings (30 s tick, refresh with ≤ 3 ticks left, 90 s expiry margin, retry
 * backoff 200 ms·2^n up to 30 s on 502/503/504/network) are implemented by auth-js itself
 * with exactly these values; `AUTH` in src/shared/constants.ts documents them.
 */
export const AUTH_TIMINGS = AUTH;

/**
 * The one auth client of the web app. Reset pages read the recovery hash themselves and
 * call `auth.setSession`, hence `detectSessionInUrl: false`.
 */
export const auth = new AuthClient({
  url: AUTH_URL,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: false,
  flowType: 'implicit',
});

// The session provider subscribes as soon as the client exists.
announceAuth(auth);

/** The page to which recovery e-mails point (SPEC §7 POST auth /recover). */
export function recoveryRedirectUrl(): string {
  return `${window.location.origin}/account/reset-password`;
}
