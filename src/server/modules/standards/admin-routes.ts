import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STANDARD_CATALOGUE } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import {
  STANDARD_UPLOAD_MAX_BYTES,
  STANDARD_UPLOAD_TOO_LARGE,
  standardDocumentSchema,
  standardUploadFieldsSchema,
  standardUploadResponseSchema,
} from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { zodIssues } from '../../plugins/errors';
import { adminOnly } from '../../plugins/authorize';
import { adminContentWrite } from '../../lib/response-cache';
import { messages } from '../../../shared/messages';
import { idParam } from '../../../shared/schemas/ids';
import { parseStandardFile } from './importers/index';
import { deleteDocument, getStandard, importCurrentEdition, listDocuments, type EditionImportResult } from './service';


/** A standard in the library or the product's catalogue, by code or name; 400 otherwise. */
async function resolveStandard(db: Db, codeOrName: string): Promise<{ code: string }> {
  const key = codeOrName.toLowerCase();
  const catalogued = STANDARD_CATALOGUE.find((s) => s.code.toLowerCase() === key || s.name.toLowerCase() === key);
  if (catalogued) return catalogued;
  return getStandard(db, codeOrName).catch(() => {
    throw new AppError(ErrorCode.validationFailed, `There is no standard called ${codeOrName}`, 400);
  });
}

/** The standards library for admins: list, upload (any importer format), delete documents. */
export interface StandardsAdminOptions {
  db: Db;
  /** Called after a document is imported (app.ts embeds its clauses when embeddings are configured). */
  onImported?: () => void;
}

export const standardsAdminRoutes: FastifyPluginAsyncZod<StandardsAdminOptions> = async (app, { db, onImported }) => {
  await app.register(multipart, { limits: { fileSize: STANDARD_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
  // Imports and deletions clear the cached public lists (the standards and their sections).
  const write = adminContentWrite(db);

  app.get(
    '/documents',
    { ...adminOnly, schema: { tags: ['admin'], summary: 'Imported standards documents with clause counts', response: { 200: z.array(standardDocumentSchema) } } },
    async () => listDocuments(db),
  );

  app.post(
    '/documents',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'Upload a standards document (JSONL, PDF, DOCX, TXT/Markdown, eCFR XML) and import it',
        description: 'multipart/form-data: fields `standard`, `discipline` (repeat it for each discipline the document serves, the main one first), optional `edition` and `title`; the file in `file` (20 MB at most).',
        consumes: ['multipart/form-data'],
        response: { 200: standardUploadResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(ErrorCode.validationFailed, 'Send the document as multipart/form-data with the file in the "file" field', 400);
      }
      const fields: Record<string, string | string[]> = {};
      let file: { name: string; data: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              await part.toBuffer();
              continue;
            }
            file = { name: part.filename, data: await part.toBuffer() };
          } else if (typeof part.value === 'string') {
            // A repeated field (one `discipline` per checked box) becomes a list.
            const before = fields[part.fieldname];
            fields[part.fieldname] = before === undefined ? part.value : [before, part.value].flat();
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.fileTooLarge, STANDARD_UPLOAD_TOO_LARGE, 413);
        }
        throw error;
      }
      const parsed = standardUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error).map((i) => ({ ...i, path: `body.${i.path}` }));
        throw new AppError(ErrorCode.validationFailed, issues[0]?.message ?? 'Invalid form', 400, issues);
      }
      if (!file || file.data.length === 0) throw new AppError(ErrorCode.validationFailed, 'Choose a file to upload', 400);
      const { standard: standardName, discipline: disciplines, edition, title } = parsed.data;
      const standard = await resolveStandard(db, standardName);

      let documents;
      try {
        documents = await parseStandardFile(file.data, { fileName: file.name || 'upload', disciplines, edition, title });
      } catch (error) {
        throw new AppError(ErrorCode.validationFailed, `This file could not be imported: ${error instanceof Error ? error.message : String(error)}`, 400);
      }
      // All documents of one upload go in together or not at all.
      const results = await db.transaction(async (tx) => {
        const out: EditionImportResult[] = [];
        for (const document of documents) out.push(await importCurrentEdition(tx, standard.code, document));
        return out;
      });
      request.log.info({ file: file.name, standard: standard.code, results }, 'standards document imported');
      onImported?.();
      return { file: file.name, standard: standard.code, results };
    },
  );

  app.delete(
    '/documents/:id',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'Delete an imported document and its clauses',
        params: z.object({ id: idParam(messages.standards.documentNotFound) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDocument(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
