import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  checkFindingSchema,
  checkListSchema,
  checkSchema,
  createCheckFieldsSchema,
  createCheckResponseSchema,
  overrideFindingBodySchema,
} from '../../../shared/schemas/checks';
import { documentContentSchema } from '../../../shared/schemas/document-content';
import { idParam, NOT_FOUND_ISSUE } from '../../../shared/schemas/ids';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { signedIn } from '../../plugins/authorize';
import type { CheckRunner } from './runner';
import { createCheck, getCheck, getCheckContent, listChecks, overrideFinding } from './service';

export interface CheckRoutesOptions {
  db: Db;
  /** Nudged when a check is queued, so it starts at once rather than at the next look at the queue. */
  runner: Pick<CheckRunner, 'wake'>;
}

const MAX_BYTES = UPLOAD_MAX_BYTES.documents;

const checkParams = z.object({ id: idParam(messages.checks.notFound) });
/** A finding id that cannot name a finding is not found, like an unknown one (as `idParam`). */
const findingParams = checkParams.extend({
  findingId: z.string().refine((id) => /^[\w-]{1,64}$/.test(id), { message: messages.checks.findingNotFound, params: NOT_FOUND_ISSUE }),
});
const listQuery = z.object({ scope: z.enum(['mine', 'all']).default('mine') });

/** Multipart errors of @fastify/multipart, by code: the file over the limit, or a form that is not one file and a few fields. */
function multipartError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ErrorCode.fileTooLarge, messages.uploads.documentTooLarge, 413);
  if (typeof code === 'string' && code.startsWith('FST_') && /MULTIPART|FILES_LIMIT|FIELDS_LIMIT|PARTS_LIMIT|PROTO/.test(code)) {
    return new AppError(ErrorCode.validationFailed, messages.uploads.notMultipart, 400);
  }
  return undefined;
}

/** Reads the form: the file (`file`, whole, at most 20 MB) and the text fields beside it, in any order. */
async function readForm(request: FastifyRequest): Promise<{ file?: { name: string; data: Buffer }; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.validationFailed, messages.uploads.notMultipart, 400);
  let file: { name: string; data: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(ErrorCode.validationFailed, messages.uploads.notMultipart, 400);
        }
        file = { name: part.filename, data: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return { file, fields };
}

/** The document check: upload a document (checked off the request path), follow it, read its findings, review them. */
export const checkRoutes: FastifyPluginAsyncZod<CheckRoutesOptions> = async (app, { db, runner }) => {
  await app.register(multipart);
  const perUser = app.limiter({ ...RATE_LIMITS.checksPerUser, key: (r) => r.principal?.userId });

  app.post(
    '/',
    {
      ...signedIn,
      preHandler: [perUser],
      schema: {
        tags: ['checks'],
        summary: 'Upload a document to check; answers at once, the check runs in the background',
        description:
          'multipart/form-data: the document in `file` (PDF with a text layer, DOCX, XLSX or CSV; up to 20 MB), optionally `standard` (49 CFR). ' +
          '202 with the queued check; poll GET /api/checks/{id}. 400 no file or a bad field, 413 too large, 415 a type that cannot be checked ' +
          '(DWG, DOC, XLS, binary), with the reason in words. A damaged or scanned file, or a PDF over the page limit, fails its check with the reason.',
        consumes: ['multipart/form-data'],
        response: { 202: createCheckResponseSchema },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readForm(request);
      if (!file) throw new AppError(ErrorCode.validationFailed, messages.uploads.fileMissing, 400);
      const { standard } = createCheckFieldsSchema.parse(fields);
      const created = await createCheck(db, { userId: request.principal!.userId }, { fileName: file.name, data: file.data, standard });
      request.log.info({ check: created.id, bytes: file.data.length }, 'document check queued');
      runner.wake();
      return reply.status(202).header('location', `/api/checks/${created.id}`).send(created);
    },
  );

  app.get(
    '/',
    {
      ...signedIn,
      schema: {
        tags: ['checks'],
        summary: 'My document checks, newest first (admins: `scope=all` for everyone’s)',
        querystring: listQuery,
        response: { 200: checkListSchema },
      },
    },
    async (request) => listChecks(db, { userId: request.principal!.userId }, request.query.scope),
  );

  app.get(
    '/:id',
    {
      ...signedIn,
      schema: {
        tags: ['checks'],
        summary: 'One document check: status and progress, then its findings and the audit trail of reviews',
        params: checkParams,
        response: { 200: checkSchema },
      },
    },
    async (request) => getCheck(db, { userId: request.principal!.userId }, request.params.id),
  );

  app.get(
    '/:id/content',
    {
      ...signedIn,
      schema: {
        tags: ['checks'],
        summary: 'The document as it was read (paragraphs and tables with their locations), once the check is done; 409 before',
        params: checkParams,
        response: { 200: documentContentSchema },
      },
    },
    async (request) => getCheckContent(db, { userId: request.principal!.userId }, request.params.id),
  );

  app.patch(
    '/:id/findings/:findingId',
    {
      ...signedIn,
      schema: {
        tags: ['checks'],
        summary: 'Override a finding’s verdict with a note (kept in the audit trail); only on a done check',
        params: findingParams,
        body: overrideFindingBodySchema,
        response: { 200: checkFindingSchema },
      },
    },
    async (request) => overrideFinding(db, { userId: request.principal!.userId }, request.params.id, request.params.findingId, request.body),
  );
};
