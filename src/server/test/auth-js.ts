import { AuthClient } from '@supabase/auth-js';
import { beforeAll } from 'vitest';
import type { TestContext } from './app';

/**
 * Serves the test app on a free port before the enclosing describe's tests, for
 * `@supabase/auth-js` to talk to as it would to GoTrue. `client()` is a client of its own per
 * test: memory-only session, no timers, no URL detection.
 */
export function useAuthJs(ctx: () => TestContext) {
  let url = '';
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx().app.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not listen on a TCP port');
    url = `http://127.0.0.1:${address.port}/api/auth`;
  });
  return {
    /** The server's GoTrue URL (`…/api/auth`), once it listens. */
    url: () => url,
    client: () =>
      new AuthClient({
        url,
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: `trackside-test-${Math.random().toString(36).slice(2)}`,
      }),
  };
}
