/** PostgreSQL error code of a failed statement, through Drizzle's wrapper where there is one. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** A delete blocked by a foreign key: 23503 (NO ACTION) or 23001 (RESTRICT). */
export const REFERENCED_ROW_CODES = new Set(['23503', '23001']);

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01–57P03
 * (shutting down, crash recovery, not yet accepting), 53300 (too many connections) and 57014
 * (cancelled by the statement timeout: the database did not answer in time).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|57014|53300)$/;
/** node-postgres's own messages for a timed-out connect, a full pool or a query cut by query_timeout. */
const DRIVER_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|connection timeout/i;

/**
 * True when a failure says the database cannot be reached or cannot answer in time (refused,
 * timed out, pool exhausted, shutting down), not that a statement was wrong: the request may
 * succeed when retried, so it is answered 503, never 500 or a 4xx that would end a session.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    // AggregateError (a refused dual-stack connect) carries its socket errors in `errors`.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * The driver's own words for a failure (`connect ECONNREFUSED 127.0.0.1:5432`), without the
 * statement and parameters that Drizzle's wrapper adds (they may hold e-mail addresses).
 */
export function rootCauseMessage(error: unknown): string {
  let e: unknown = error;
  while (e && typeof e === 'object' && (e as { cause?: unknown }).cause) e = (e as { cause?: unknown }).cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : typeof code === 'string' ? code : String(e);
  return text.split('\n')[0]?.slice(0, 200) ?? '';
}
