import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, ErrorCode, type ErrorBody } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { NOT_FOUND_ISSUE } from '../../shared/schemas/ids';
import { isDatabaseUnavailable, rootCauseMessage } from '../db/pg-errors';

/** Seconds a client is asked to wait before retrying while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export interface FieldIssue {
  path: string;
  message: string;
}

function body(code: string, error: string, details?: unknown): ErrorBody {
  return { error, code, error_code: code, msg: error, ...(details === undefined ? {} : { details }) };
}

function validationBody(issues: FieldIssue[]): ErrorBody {
  return body(ErrorCode.validationFailed, issues[0]?.message ?? 'Invalid request', issues);
}

function isNotFoundIssue(params: unknown): boolean {
  const marker = (params as { params?: { notFound?: unknown } } | undefined)?.params;
  return marker?.notFound === NOT_FOUND_ISSUE.notFound;
}

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * One error handler: expected failures (AppError, validation) become `{error, code, details?}`
 * with their status; a database that cannot be reached is 503 with Retry-After; anything else
 * is logged with the request and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ...error.extra, ...body(error.code, error.message, error.details) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(validationBody(zodIssues(error)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id parameter that cannot name a record (shared/schemas/ids.ts) is not found, not a bad request.
      const notFound = error.validationContext === 'params' && error.validation.every((v) => isNotFoundIssue(v.params));
      if (notFound) return reply.status(404).send(body(ErrorCode.notFound, error.validation[0]?.message ?? 'Not found'));
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(validationBody(issues));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, …).
      const code = status === 429 ? ErrorCode.overRequestRateLimit : ErrorCode.validationFailed;
      return reply.status(status).send(body(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Retryable, so clients keep their sessions (auth-js retries 502–504 and signs out on a 500);
      // one short line per request, since an outage fails every request the same way.
      request.log.warn(`database unavailable: ${rootCauseMessage(error)}`);
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body(ErrorCode.unavailable, messages.api.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(ErrorCode.internal, messages.api.unexpected));
  });
});
