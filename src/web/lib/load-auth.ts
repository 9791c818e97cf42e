import type { auth as authClient } from './auth-client';
import { authStorageKey } from './storage-keys';

type AuthClient = typeof authClient;

let loading: Promise<AuthClient> | undefined;
let loaded: AuthClient | undefined;
const loadListeners = new Set<(auth: AuthClient) => void>();

/** The page's origin; a placeholder while public pages are rendered to HTML at build time. */
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The server speaks the Supabase Auth (GoTrue) protocol under this path. */
export const AUTH_URL = `${origin}/api/auth`;

/** Where auth-js keeps the session in local storage. */
export const AUTH_STORAGE_KEY = authStorageKey(AUTH_URL);

/**
 * The auth client, loaded on first use so that auth-js stays out of the scripts every page
 * loads first (the public pages paint and hydrate without it).
 */
export function loadAuth(): Promise<AuthClient> {
  loading ??= import('./auth-client').then((module) => module.auth);
  return loading;
}

/**
 * Called by the auth client's module as it loads, however it was loaded (`loadAuth`, or a
 * page chunk that imports it, like the sign-in form's).
 */
export function announceAuth(auth: AuthClient): void {
  if (loaded) return;
  loaded = auth;
  loading ??= Promise.resolve(auth);
  for (const listener of loadListeners) listener(auth);
}

/**
 * Calls `listener` once the auth client is loaded (at once if it already is), whoever loads
 * it: the session provider subscribes this way to a sign-in made on the page. Returns a
 * canceller.
 */
export function whenAuthLoaded(listener: (auth: AuthClient) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  const once = (auth: AuthClient) => {
    loadListeners.delete(once);
    listener(auth);
  };
  loadListeners.add(once);
  return () => loadListeners.delete(once);
}

/** Whether the auth client has been loaded on this page. */
export function isAuthLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * Whether this browser holds a session that auth-js stored. Without one the visitor is
 * signed out, and auth-js (about 20 kB) need not load until they sign in. Unreadable
 * storage counts as a session, so that auth-js decides.
 */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
