import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_BUCKET, UPLOAD_CACHE_SECONDS, UPLOAD_FOLDERS, UPLOAD_MAX_BYTES, type UploadFolder } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { downloadLinkQuerySchema, downloadLinkSchema, uploadParamsSchema, uploadResponseSchema } from '../../../shared/schemas/uploads';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth/service';
import { adminOnly, signedIn } from '../../plugins/authorize';
import { createStorageDriver, setActiveUploadStorage, STORAGE_ROUTE_PREFIX, UploadStorage } from './service';
import { isSafeKeySegment, type ByteRange, type StorageDriver } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: `isStoredUrl`, `deleteStoredFile`, `readStoredAudioDuration`, the driver. */
    uploads: UploadStorage;
  }
}

export interface UploadsPluginOptions {
  config: Config;
  db: Db;
  auth: AuthService;
  /** Defaults to the driver the configuration names (S3 or local disk). */
  driver?: StorageDriver;
}

/** `POST /api/uploads/:folder`: admins upload one file (multipart field `file`). */
const uploadRoutes: FastifyPluginAsyncZod<{ storage: UploadStorage; auth: AuthService }> = async (app, { storage, auth }) => {
  await app.register(multipart, {
    limits: { fileSize: Math.max(...Object.values(UPLOAD_MAX_BYTES)), files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });

  app.get(
    '/download-link',
    {
      ...signedIn,
      schema: {
        tags: ['uploads'],
        summary: 'A link that opens a stored document for 15 minutes, without the session token in its URL',
        querystring: downloadLinkQuerySchema,
        response: { 200: downloadLinkSchema },
      },
    },
    async (request) => {
      const principal = await request.requireUser();
      const { pathname } = new URL(request.query.url, 'http://trackside.invalid');
      const prefix = `${STORAGE_ROUTE_PREFIX}/documents/`;
      const name = pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) : '';
      if (!isSafeKeySegment(name)) throw new AppError(ErrorCode.validationFailed, messages.uploads.notADocument, 400);
      const { token, expiresAt } = await auth.signDownload(principal, `documents/${name}`);
      return { url: `${prefix}${encodeURIComponent(name)}?download=${token}`, expires_at: expiresAt };
    },
  );

  app.post(
    '/:folder',
    {
      ...adminOnly,
      schema: {
        tags: ['uploads'],
        summary: 'Upload an audio file, image or document to the podcasts bucket (admins)',
        description:
          'multipart/form-data with the file in `file`. audio: MP3, WAV, M4A, OGG up to 80 MB; images: JPEG, PNG, GIF, WEBP, SVG up to 5 MB; ' +
          'documents: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT up to 20 MB. The type is read from the content. 400 wrong type, 413 too large.',
        consumes: ['multipart/form-data'],
        params: uploadParamsSchema,
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const { folder } = request.params;
      if (!request.isMultipart()) throw new AppError(ErrorCode.validationFailed, messages.uploads.notMultipart, 400);
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES[folder] } });
      if (!part) throw new AppError(ErrorCode.validationFailed, messages.uploads.fileMissing, 400);
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(ErrorCode.validationFailed, messages.uploads.notMultipart, 400);
      }
      const stored = await storage.store(folder, { filename: part.filename, file: part.file });
      request.log.info({ folder, path: stored.path, by: request.principal?.userId }, 'file uploaded');
      return reply.status(201).header('location', stored.url).send(stored);
    },
  );
};

/** Single `bytes=` range of RFC 9110 against `size`; null serves the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return null; // another unit: ignored
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length !== 1) return null; // several ranges: the whole file answers them all
  const spec = /^(\d*)-(\d*)$/.exec(specs[0] ?? '');
  if (!spec || (spec[1] === '' && spec[2] === '')) return 'unsatisfiable';
  const first = spec[1] === '' ? null : Number(spec[1]);
  const last = spec[2] === '' ? null : Number(spec[2]);
  if ((first !== null && !Number.isSafeInteger(first)) || (last !== null && !Number.isSafeInteger(last))) return 'unsatisfiable';
  if (first === null) {
    // suffix: the last N bytes
    if (!last || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  if (first >= size || (last !== null && last < first)) return 'unsatisfiable';
  return { start: first, end: last === null ? size - 1 : Math.min(last, size - 1) };
}

function bearerToken(request: FastifyRequest): string | undefined {
  return /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** `?download=` carries a download link's token (signDownload); the session's token never travels in a URL. */
const storageQuerySchema = z.object({ download: z.string().optional() });

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ error: messages.uploads.fileNotFound, code: ErrorCode.notFound, error_code: ErrorCode.notFound, msg: messages.uploads.fileNotFound });
}

/**
 * `GET /storage/podcasts/:folder/:name`: audio and images for anyone, documents for signed-in
 * users (bearer header, or a download link's `?download=` token for links opened by a browser);
 * one-hour caching, ETag, byte ranges; SVG sandboxed so it can never run script.
 */
const storageRoutes: FastifyPluginAsyncZod<{ auth: AuthService; driver: StorageDriver }> = async (app, { auth, driver }) => {
  app.get(
    '/:folder/:name',
    {
      schema: {
        hide: true,
        params: z.object({ folder: z.string(), name: z.string() }),
        querystring: storageQuerySchema,
      },
    },
    async (request, reply) => {
      const { folder, name } = request.params;
      if (!UPLOAD_FOLDERS.includes(folder as UploadFolder) || !isSafeKeySegment(name)) return notFound(reply);
      const isDocument = folder === 'documents';
      const key = `${folder}/${name}`;
      if (isDocument) {
        const link = request.query.download;
        if (link !== undefined) {
          if (!(await auth.verifyDownload(link, key))) throw new AppError(ErrorCode.badJwt, messages.uploads.downloadLinkExpired, 401);
        } else {
          const token = bearerToken(request);
          if (!token) throw new AppError(ErrorCode.noAuthorization, messages.uploads.signInForDocuments, 401);
          await auth.authenticate(token).catch((error: unknown) => {
            // Signed out, expired or revoked: all mean "not signed in" here.
            if (error instanceof AppError) throw new AppError(error.code, error.message, 401);
            throw error;
          });
        }
      }
      const info = await driver.stat(UPLOAD_BUCKET, key);
      if (!info) return notFound(reply);

      const etag = `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
      reply
        .header('content-type', info.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', `${isDocument ? 'private' : 'public'}, max-age=${UPLOAD_CACHE_SECONDS}`)
        .header('etag', etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('x-content-type-options', 'nosniff');
      if (!isDocument) reply.header('cross-origin-resource-policy', 'cross-origin');
      if (info.contentType.startsWith('image/svg')) {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }

      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
        return reply.status(304).send();
      }

      const ifRange = request.headers['if-range'];
      const rangeAllowed = !ifRange || ifRange === etag || ifRange === info.lastModified.toUTCString();
      const range = rangeAllowed ? parseRange(request.headers.range, info.size) : null;
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .send({ error: messages.uploads.rangeNotSatisfiable, code: ErrorCode.rangeNotSatisfiable });
      }
      const length = range ? range.end - range.start + 1 : info.size;
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      reply.header('content-length', length);
      // Fastify's HEAD route keeps Content-Length for a stream body (and discards the body).
      if (request.method === 'HEAD') return reply.send(Readable.from([]));

      const object = await driver.get(UPLOAD_BUCKET, key, range ?? undefined);
      if (!object) return notFound(reply);
      return reply.send(object.body);
    },
  );
};

/** Longer than the longest an upload may take (a whole request must arrive within 10 minutes). */
const PARTIAL_FILE_MAX_AGE_MS = 60 * 60_000;

/**
 * Uploads and stored files: `POST /api/uploads/:folder` and `GET /storage/podcasts/…`, plus
 * `app.uploads` for other modules (delete a file nothing references any more).
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: UploadsPluginOptions) => {
  const driver = opts.driver ?? createStorageDriver(opts.config);
  const storage = new UploadStorage(driver, opts.config.publicUrl);
  app.decorate('uploads', storage);
  setActiveUploadStorage(storage);
  // Partial files of a process that was killed mid-upload: older than any upload may take, so never another instance's.
  app.addHook('onReady', async () => {
    const removed = await driver.sweepPartial?.(PARTIAL_FILE_MAX_AGE_MS);
    if (removed) app.log.info(`removed ${removed} partial upload file${removed === 1 ? '' : 's'} left by an earlier run`);
  });
  app.addHook('onClose', async () => {
    setActiveUploadStorage(null, storage);
    // Connections are closed by now: uploads cut short finish failing, and remove their partial files.
    await driver.idle?.();
  });
  await app.register(uploadRoutes, { prefix: '/api/uploads', storage, auth: opts.auth });
  await app.register(storageRoutes, { prefix: STORAGE_ROUTE_PREFIX, auth: opts.auth, driver });
});
