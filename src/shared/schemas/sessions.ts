import { z } from 'zod';
import { messages } from '../messages';
import { idParam } from './ids';

/**
 * The signed-in user's own sessions (issue 19), shown on the profile: one per sign-in, with the
 * browser it came from, its address and when it was last used. `/api/auth/sessions`.
 */

/** One live session of the caller. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** A short label of the user agent ("Chrome on Windows"). */
  device: z.string(),
  /** The raw User-Agent header, for a tooltip; null when the client sent none (or before it was recorded). */
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** How it began: password, recovery or invite. */
  method: z.string(),
  created_at: z.string(),
  /** When a refresh token of it was last used (recorded at most once a minute), else when it began. */
  last_used_at: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /api/auth/sessions`: the current session first, then the most recently used. */
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** `DELETE /api/auth/sessions/:id`: an id that is not one of the caller's live sessions is 404. */
export const sessionParamsSchema = z.object({ id: idParam(messages.sessions.notFound) });

/** `POST /api/auth/sessions/revoke-others`: how many sessions were signed out. */
export const revokeOthersResultSchema = z.object({ revoked: z.number().int() });
export type RevokeOthersResult = z.infer<typeof revokeOthersResultSchema>;
