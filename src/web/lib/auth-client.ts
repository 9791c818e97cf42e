import { AuthClient } from '@supabase/auth-js';
import { AUTH } from '../../shared/constants';
import { authStorageKey } from './storage-keys';

/** The page's origin; a placeholder while public pages are rendered to HTML at build time. */
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The server speaks the Supabase Auth (GoTrue) protocol under this path. */
export const AUTH_URL = `${origin}/api/auth`;

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
  storageKey: authStorageKey(AUTH_URL),
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: false,
  flowType: 'implicit',
});

/** The page to which recovery e-mails point (SPEC §7 POST auth /recover). */
export function recoveryRedirectUrl(): string {
  return `${window.location.origin}/account/reset-password`;
}
