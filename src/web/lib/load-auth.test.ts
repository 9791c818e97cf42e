import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each test (it keeps the loaded client). */
async function freshLoadAuth() {
  vi.resetModules();
  return import('./load-auth');
}

describe('load-auth', () => {
  afterEach(() => localStorage.clear());

  it('tells whether this browser holds a stored session', async () => {
    const { hasStoredSession, AUTH_STORAGE_KEY } = await freshLoadAuth();
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    expect(hasStoredSession()).toBe(true);
  });

  it('tells waiting listeners once the client announces itself, and later ones at once', async () => {
    const { announceAuth, isAuthLoaded, whenAuthLoaded, loadAuth } = await freshLoadAuth();
    const client = { name: 'auth' } as unknown as Parameters<typeof announceAuth>[0];
    const early = vi.fn();
    const cancelled = vi.fn();
    whenAuthLoaded(early);
    whenAuthLoaded(cancelled)();
    expect(isAuthLoaded()).toBe(false);

    announceAuth(client);
    expect(early).toHaveBeenCalledExactlyOnceWith(client);
    expect(cancelled).not.toHaveBeenCalled();
    expect(isAuthLoaded()).toBe(true);
    await expect(loadAuth()).resolves.toBe(client);

    const late = vi.fn();
    whenAuthLoaded(late);
    expect(late).toHaveBeenCalledExactlyOnceWith(client);
    announceAuth(client);
    expect(early).toHaveBeenCalledTimes(1);
  });
});
