import { AppError } from '../../../../shared/errors';

/**
 * The server's own message for a failed request, or `fallback` (SPEC §8 Admin data: "a server
 * error message is shown if present"). Messages the client made up from a status line or a
 * dropped connection (`http_<status>`, `network_error`) are not the server's, so they fall back.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AppError)) return fallback;
  if (error.code === 'network_error' || error.code.startsWith('http_')) return fallback;
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
