import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { vi } from 'vitest';
import { announceAuth, AUTH_STORAGE_KEY } from '../lib/load-auth';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * A stand-in for `src/web/lib/auth-client` (no server in unit tests). Use with
 * `vi.mock('<relative>/lib/auth-client', () => import('<relative>/test/auth-client-mock'))`.
 */
const listeners = new Set<Listener>();
let currentSession: Session | null = null;

export const auth = {
  onAuthStateChange: vi.fn((listener: Listener) => {
    listeners.add(listener);
    queueMicrotask(() => listener('INITIAL_SESSION', currentSession));
    return { data: { subscription: { id: 'test', callback: listener, unsubscribe: () => listeners.delete(listener) } } };
  }),
  getSession: vi.fn(async () => ({ data: { session: currentSession }, error: null })),
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  signOut: vi.fn(async (_options?: { scope?: string }): Promise<{ error: Error | null }> => ({ error: null })),
  resetPasswordForEmail: vi.fn(),
  setSession: vi.fn(),
  verifyOtp: vi.fn(),
  updateUser: vi.fn(),
  refreshSession: vi.fn(async () => ({ data: { session: currentSession, user: currentSession?.user ?? null }, error: null })),
  mfa: {
    challengeAndVerify: vi.fn(),
    listFactors: vi.fn(),
    enroll: vi.fn(),
    unenroll: vi.fn(),
  },
};

// Like the real module: the session provider subscribes once the client has loaded.
announceAuth(auth as unknown as Parameters<typeof announceAuth>[0]);

export const AUTH_URL = 'http://localhost:3000/api/auth';

export function recoveryRedirectUrl(): string {
  return 'http://localhost:3000/account/reset-password';
}

/**
 * Sets the session the next subscriber sees, and tells current subscribers. Like auth-js, it
 * keeps a session in local storage (the session provider loads the client only when one is).
 */
export function setMockSession(session: Session | null, event: AuthChangeEvent = session ? 'SIGNED_IN' : 'SIGNED_OUT'): void {
  currentSession = session;
  if (session) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  else window.localStorage.removeItem(AUTH_STORAGE_KEY);
  for (const listener of listeners) listener(event, session);
}

/** Resets every mock and the session; call in beforeEach. */
export function resetAuthMock(): void {
  currentSession = null;
  window.localStorage.removeItem(AUTH_STORAGE_KEY);
  listeners.clear();
  for (const fn of Object.values(auth)) if (typeof fn === 'function') fn.mockClear();
  for (const fn of Object.values(auth.mfa)) fn.mockClear();
}

/** A minimal session for a user with this e-mail. */
export function fakeSession(email = 'ada.lovelace@example.com'): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
}

/** A session of a user with a verified TOTP factor, its access token at `aal` (only the claims the web app reads). */
export function fakeSessionWithFactor(aal: 'aal1' | 'aal2'): Session {
  const session = fakeSession();
  const payload = btoa(JSON.stringify({ aal })).replace(/=+$/, '');
  const factor = { id: 'factor-1', status: 'verified', factor_type: 'totp', created_at: '', updated_at: '' } as const;
  return { ...session, access_token: `header.${payload}.signature`, user: { ...session.user, factors: [factor] } };
}
