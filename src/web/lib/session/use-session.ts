import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

/** SPEC §4 Auth: loading, then signed in or signed out. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionContextValue {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /**
   * A password sign-in that still needs its MFA code (aal1 with a verified factor): `status` is
   * then 'signed-out' and `session` null until the code is entered; the sign-in form asks for it.
   */
  pendingSecondFactor?: boolean;
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
