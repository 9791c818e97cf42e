import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { isReferenced } from './repository';

/** What the content API needs of the uploads module (`app.uploads`). */
export interface StoredFiles {
  isStoredUrl(url: string | null | undefined): boolean;
  deleteStoredFile(url: string | null | undefined): Promise<boolean>;
  readStoredAudioDuration?(url: string): Promise<string | null>;
}

export interface ContentFiles {
  store: StoredFiles;
  log: FastifyBaseLogger;
}

/** The uploads module's storage for this request's app, when the app has one. */
export function contentFilesOf(request: FastifyRequest): ContentFiles | undefined {
  const store = (request.server as unknown as { uploads?: StoredFiles }).uploads;
  return store ? { store, log: request.log } : undefined;
}

/**
 * After a delete or an update has committed: removes the uploaded files among `urls` that no
 * podcast or material references any more. External addresses are left alone; a failure is
 * logged and never fails the request (the data change already happened).
 */
export async function releaseUnusedFiles(db: Db, files: ContentFiles | undefined, urls: (string | null | undefined)[]): Promise<void> {
  if (!files) return;
  for (const url of new Set(urls)) {
    if (!url || !files.store.isStoredUrl(url)) continue;
    try {
      if (await isReferenced(db, url)) continue;
      await files.store.deleteStoredFile(url);
    } catch (error) {
      files.log.warn({ err: error, url }, 'could not delete an uploaded file that nothing references any more');
    }
  }
}

/** The playing time ('mm:ss') of an uploaded audio file, or null. */
export async function storedAudioDuration(files: ContentFiles | undefined, url: string | null): Promise<string | null> {
  if (!files?.store.readStoredAudioDuration || !url || !files.store.isStoredUrl(url)) return null;
  try {
    return await files.store.readStoredAudioDuration(url);
  } catch (error) {
    files.log.warn({ err: error, url }, 'could not read the duration of an uploaded audio file');
    return null;
  }
}
