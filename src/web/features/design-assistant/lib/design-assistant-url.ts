import type { Session } from '@supabase/auth-js';

export type SessionTokens = Pick<Session, 'access_token' | 'refresh_token' | 'token_type' | 'expires_in'> & { expires_at?: number | undefined };

/**
 * The Design Assistant address carrying the session in the URL fragment
 * (`#access_token=…&refresh_token=…&token_type=bearer&expires_in=…`), the shape an auth-js
 * client on the other site reads. Never the query string: a fragment is not sent to any
 * server, so the tokens stay out of access logs and Referer headers. Any fragment the
 * configured address had is replaced; its path and query are kept.
 */
export function designAssistantUrl(base: string, session: SessionTokens): string {
  const url = new URL(base);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    token_type: session.token_type || 'bearer',
    expires_in: String(session.expires_in),
  });
  if (session.expires_at !== undefined) fragment.set('expires_at', String(session.expires_at));
  url.hash = fragment.toString();
  return url.toString();
}
