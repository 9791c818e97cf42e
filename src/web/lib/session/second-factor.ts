import type { Session } from '@supabase/auth-js';

/** The `aal` claim of an access token (read, not verified: the server verifies every request). */
export function aalOf(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

/**
 * A password sign-in of an account with MFA is aal1 until its code is entered: the server refuses
 * it everywhere but the MFA routes, so the app treats it as not signed in yet (issue 19).
 */
export function awaitsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const verified = session.user.factors?.some((f) => f.status === 'verified') ?? false;
  return verified && aalOf(session.access_token) !== 'aal2';
}
