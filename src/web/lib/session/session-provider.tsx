import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AUTH_STORAGE_KEY, hasStoredSession, loadAuth, whenAuthLoaded } from '../load-auth';
import { awaitsSecondFactor } from './second-factor';
import { SessionContext, type SessionContextValue } from './use-session';

interface SessionState {
  status: SessionContextValue['status'];
  session: Session | null;
  lastEvent: AuthChangeEvent | null;
}

/**
 * Mirrors the auth-js session into React. auth-js emits INITIAL_SESSION once it has read
 * storage (and refreshed if needed), then SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED and PASSWORD_RECOVERY as they happen.
 *
 * A browser without a stored session is signed out from the start: auth-js loads only when
 * something needs it (the sign-in form, a reset page) or another tab stores a session, and
 * the provider subscribes as soon as it has loaded.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading', session: null, lastEvent: null });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const stopWaiting = whenAuthLoaded((auth) => {
      const { data } = auth.onAuthStateChange((event, session) => {
        // A transition, like the router's navigations: signing out right after leaving a
        // protected page must not render that page's guard (and its redirect to /login) first.
        startTransition(() => setState({ status: session ? 'signed-in' : 'signed-out', session, lastEvent: event }));
        // Per-user data must not outlive the user who fetched it.
        if (event === 'SIGNED_OUT') queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession()) {
      void loadAuth();
    } else {
      startTransition(() =>
        setState((current) => (current.status === 'loading' ? { status: 'signed-out', session: null, lastEvent: 'INITIAL_SESSION' } : current)),
      );
    }
    // A sign-in in another tab stores a session here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue !== null) void loadAuth();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopWaiting();
      unsubscribe?.();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(() => {
    // Until its MFA code is entered, a session opens nothing: the server answers it 403 (issue 19).
    if (awaitsSecondFactor(state.session)) return { status: 'signed-out', session: null, user: null, pendingSecondFactor: true, lastEvent: state.lastEvent };
    return { ...state, user: state.session?.user ?? null, pendingSecondFactor: false };
  }, [state]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
