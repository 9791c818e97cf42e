import { AppError, ErrorCode } from '../../shared/errors';

const CLIENT_CODES: ReadonlySet<string> = new Set([ErrorCode.networkError, ErrorCode.invalidResponse, ErrorCode.invalidStream]);

/**
 * Whether the client made the error up: a dropped connection, an answer it could not read, or a
 * status line without a body of the server's (`http_<status>`, see api-client.ts).
 */
function madeByClient(error: AppError): boolean {
  return CLIENT_CODES.has(error.code) || error.code.startsWith('http_');
}

/**
 * The server's own message for a failed request, or `fallback` (SPEC §8 Admin data: "a server
 * error message is shown if present"). Messages the client made up are not the server's, so
 * they fall back; so does a server failure (5xx) when `hideServerFailures` is set.
 */
export function serverMessage(error: unknown, fallback: string, { hideServerFailures = false } = {}): string {
  if (!(error instanceof AppError) || madeByClient(error)) return fallback;
  if (hideServerFailures && error.status >= 500) return fallback;
  return error.message.trim() || fallback;
}

/** Field messages of a 400/409 answer (`details: [{path: 'body.name', message}]`), by field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return fields;
  for (const issue of error.details as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const name = path.replace(/^body\./, '').split('.')[0];
    if (name && !(name in fields)) fields[name] = message;
  }
  return fields;
}
