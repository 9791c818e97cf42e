import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

/** SPEC §4 Auth: loading, then signed in or signed out. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionContextValue {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** The last auth-js event (INITIAL_SESSION, SIGNED_IN, PASSWORD_RECOVERY, …). */
  lastEvent: AuthChangeEvent | null;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The current session; throws outside `SessionProvider` so a missing provider is loud. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
