import { STORAGE_KEYS } from '../../shared/ui-constants';

/** Local-storage keys of SPEC §7 (shared with the server's tests) plus the web app's own. */
export { STORAGE_KEYS };

/**
 * SPEC §7 "Session storage key is derived from the backend host": the same rule as
 * supabase-js, `sb-<first label of the host name>-auth-token`.
 */
export function authStorageKey(apiUrl: string): string {
  const host = new URL(apiUrl).hostname.split('.')[0] || 'localhost';
  return `sb-${host}-auth-token`;
}
