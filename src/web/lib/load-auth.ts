import type { auth as authClient } from './auth-client';

let loading: Promise<typeof authClient> | undefined;

/**
 * The auth client, loaded on first use so that auth-js stays out of the scripts every page
 * loads first (the public pages paint and hydrate without it).
 */
export function loadAuth(): Promise<typeof authClient> {
  loading ??= import('./auth-client').then((module) => module.auth);
  return loading;
}
