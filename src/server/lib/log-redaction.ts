import type { FastifyRequest } from 'fastify';
import pino from 'pino';

const REDACTED = '[redacted]';

/** Query parameters that carry a credential or a one-time token. */
const SECRET_PARAMS = new Set(['access_token', 'refresh_token', 'token', 'token_hash', 'password', 'code', 'apikey', 'api_key']);
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Drizzle's wrapper puts the statement's parameters on a line of its own. */
const PARAMS_LINE = /\nparams: .*$/gm;

/** A URL as logged: credential parameters replaced, the rest kept for reading the log. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

/** Free text as logged: e-mail addresses and statement parameters left out. */
export function redactText(text: string): string {
  return text.replace(PARAMS_LINE, '\nparams: [redacted]').replace(EMAIL, '[email]');
}

/**
 * Logger options that keep secrets and personal data out of the logs: credentials in request
 * URLs (`?access_token=` of a document link), the authorization and cookie headers should anything
 * log them, passwords and tokens in logged objects, and e-mail addresses and query parameters in
 * errors (a failed statement carries its parameters).
 */
export const redactingLoggerOptions = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access_token', '*.refresh_token', '*.token', 'headers.authorization'],
    censor: REDACTED,
  },
  serializers: {
    req(request: FastifyRequest) {
      return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
    },
    err(error: Error) {
      const serialized = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> & Record<string, unknown>;
      delete serialized['params'];
      if (typeof serialized['query'] === 'string') serialized['query'] = redactText(serialized['query']);
      serialized.message = redactText(serialized.message);
      if (serialized.stack) serialized.stack = redactText(serialized.stack);
      return serialized;
    },
  },
};
