import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseFile, parseStream } from 'music-metadata';
import { UPLOAD_BUCKET, UPLOAD_FOLDERS, UPLOAD_MAX_BYTES, type UploadFolder } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { UploadResponse } from '../../../shared/schemas/uploads';
import type { Config } from '../../config';
import { DETECT_HEAD_BYTES, detectUploadType, Utf8TextCheck } from './detect';
import { S3StorageDriver } from './s3-storage';
import { contentTypeFor, isSafeKeySegment, LocalStorageDriver, type StorageDriver } from './storage';

const INVALID_TYPE: Record<UploadFolder, string> = {
  audio: messages.uploads.audioInvalidType,
  images: messages.uploads.imageInvalidType,
  documents: messages.uploads.documentInvalidType,
};
const TOO_LARGE: Record<UploadFolder, string> = {
  audio: messages.uploads.audioTooLarge,
  images: messages.uploads.imageTooLarge,
  documents: messages.uploads.documentTooLarge,
};

export function invalidTypeError(folder: UploadFolder): AppError {
  return new AppError(ErrorCode.invalidFileType, INVALID_TYPE[folder], 400);
}

export function tooLargeError(folder: UploadFolder): AppError {
  return new AppError(ErrorCode.fileTooLarge, TOO_LARGE[folder], 413);
}

/** The incoming file as @fastify/multipart hands it over (busboy marks `truncated` at the size limit). */
export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** `/storage/podcasts/<folder>/<name>`: where stored files are served. */
export const STORAGE_ROUTE_PREFIX = `/storage/${UPLOAD_BUCKET}`;

export interface StoredFileRef {
  folder: UploadFolder;
  name: string;
  /** `<folder>/<name>`, the key inside the bucket. */
  path: string;
}

/** The storage driver the configuration asks for: S3-compatible when `S3_*` is set, else local disk. */
export function createStorageDriver(config: Config): StorageDriver {
  return config.storage.s3 ? new S3StorageDriver(config.storage.s3) : new LocalStorageDriver(`${config.dataDir}/storage`);
}

/** Reads what is left of an async iterator and throws it away (errors included). */
function drain(iterator: AsyncIterator<unknown>): void {
  void (async () => {
    try {
      while (!(await iterator.next()).done) {
        /* discard */
      }
    } catch {
      /* the client went away: nothing left to read */
    }
  })();
}

/**
 * Uploaded files of the `podcasts` bucket: storing uploads (type by content, size while
 * streaming, unique never-overwritten names) and the URLs that point at them.
 */
export class UploadStorage {
  private readonly origin: string;

  constructor(
    readonly driver: StorageDriver,
    readonly publicUrl: string,
  ) {
    this.origin = new URL(publicUrl).origin;
  }

  urlFor(folder: UploadFolder, name: string): string {
    return `${this.publicUrl}${STORAGE_ROUTE_PREFIX}/${folder}/${name}`;
  }

  /**
   * Stores a file the server made itself (demo covers and audio) under a fresh
   * `timestamp_random.ext` name in `folder`, as uploads are named; the caller vouches for its
   * type. Answers the absolute URL and the site-relative one (`/storage/podcasts/…`), which
   * survives a change of PUBLIC_URL.
   */
  async storeGenerated(folder: UploadFolder, ext: string, data: Buffer): Promise<UploadResponse & { relativeUrl: string }> {
    if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`Unsafe file extension: ${ext}`);
    const name = `${Date.now()}_${randomBytes(8).toString('hex')}.${ext}`;
    const key = `${folder}/${name}`;
    await this.driver.put(UPLOAD_BUCKET, key, Readable.from([data]), contentTypeFor(name));
    return { url: this.urlFor(folder, name), relativeUrl: `${STORAGE_ROUTE_PREFIX}/${key}`, path: key };
  }

  /**
   * The stored file a URL points at: `/storage/podcasts/<folder>/<name>`, relative or on this
   * server's origin (PUBLIC_URL); null for anything else.
   */
  parseStoredUrl(url: string | null | undefined): StoredFileRef | null {
    if (!url) return null;
    let parsed: URL;
    try {
      parsed = new URL(url, this.publicUrl);
    } catch {
      return null;
    }
    if (parsed.origin !== this.origin) return null;
    return parseStoredPath(parsed.pathname);
  }

  isStoredUrl(url: string | null | undefined): boolean {
    return this.parseStoredUrl(url) !== null;
  }

  /** Removes the file a stored URL points at; false when the URL is not ours or the file is gone. */
  async deleteStoredFile(url: string | null | undefined): Promise<boolean> {
    const ref = this.parseStoredUrl(url);
    return ref ? this.driver.delete(UPLOAD_BUCKET, ref.path) : false;
  }

  /** 'mm:ss' of a stored audio file, or null (not ours, missing, or unreadable). */
  async readStoredAudioDuration(url: string): Promise<string | null> {
    const ref = this.parseStoredUrl(url);
    if (!ref || ref.folder !== 'audio') return null;
    if (this.driver instanceof LocalStorageDriver) return readAudioDuration(this.driver.pathOf(UPLOAD_BUCKET, ref.path));
    const object = await this.driver.get(UPLOAD_BUCKET, ref.path);
    if (!object) return null;
    return readAudioDuration(object.body, object.contentType);
  }

  /**
   * Streams an upload into `folder`: its first bytes decide the type (400 when the folder does
   * not take it), the byte count is checked as it arrives (413 past the folder's limit), and
   * any failure removes what was written.
   */
  async store(folder: UploadFolder, incoming: IncomingFile): Promise<UploadResponse> {
    const { file } = incoming;
    const max = UPLOAD_MAX_BYTES[folder];
    const iterator: AsyncIterator<Buffer> = file[Symbol.asyncIterator]();

    const headChunks: Buffer[] = [];
    let headLength = 0;
    while (headLength < DETECT_HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) break;
      headChunks.push(next.value);
      headLength += next.value.length;
    }
    const head = Buffer.concat(headChunks);
    if (file.truncated || headLength > max) {
      drain(iterator);
      throw tooLargeError(folder);
    }
    const type = await detectUploadType(folder, head, incoming.filename);
    if (!type) {
      drain(iterator);
      throw invalidTypeError(folder);
    }

    const text = type.mustBeText ? new Utf8TextCheck() : null;
    async function* body(): AsyncGenerator<Buffer> {
      let total = head.length;
      if (text && !text.push(head)) throw invalidTypeError(folder);
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        total += next.value.length;
        if (total > max || file.truncated) throw tooLargeError(folder);
        if (text && !text.push(next.value)) throw invalidTypeError(folder);
        yield next.value;
      }
      if (file.truncated) throw tooLargeError(folder);
      if (text && !text.end()) throw invalidTypeError(folder);
    }

    const name = `${Date.now()}_${randomBytes(8).toString('hex')}.${type.ext}`;
    const key = `${folder}/${name}`;
    try {
      await this.driver.put(UPLOAD_BUCKET, key, Readable.from(body(), { objectMode: false }), contentTypeFor(name));
    } catch (error) {
      drain(iterator);
      throw error;
    }
    return { url: this.urlFor(folder, name), path: key };
  }
}

/** `/storage/podcasts/<folder>/<name>` → the file it names; null for any other path. */
export function parseStoredPath(pathname: string): StoredFileRef | null {
  const match = /^\/storage\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (!match || match[1] !== UPLOAD_BUCKET) return null;
  const folder = match[2] as UploadFolder;
  const name = match[3] ?? '';
  if (!UPLOAD_FOLDERS.includes(folder) || !isSafeKeySegment(name)) return null;
  return { folder, name, path: `${folder}/${name}` };
}

let active: UploadStorage | null = null;

/**
 * Makes `storage` the one the free functions below use (the app does this when it starts);
 * `null` with `previous` clears it only if `previous` is still the active one.
 */
export function setActiveUploadStorage(storage: UploadStorage | null, previous?: UploadStorage): void {
  if (storage === null && previous && active !== previous) return;
  active = storage;
}

/** The running app's upload storage, or null before an app is built (used by first-start seeding). */
export function getActiveUploadStorage(): UploadStorage | null {
  return active;
}

function activeStorage(): UploadStorage {
  if (!active) throw new Error('Upload storage is not configured: build the app first');
  return active;
}

/**
 * True for a URL that points at an uploaded file of this server (`/storage/podcasts/…`,
 * relative or on PUBLIC_URL's origin). Uses the running app's storage; inside a request prefer
 * `request.server.uploads.isStoredUrl(url)`.
 */
export function isStoredUrl(url: string | null | undefined): boolean {
  if (active) return active.isStoredUrl(url);
  return Boolean(url?.startsWith('/') && parseStoredPath(url.split(/[?#]/)[0] ?? ''));
}

/**
 * Deletes the uploaded file a URL points at (call it once nothing references the file any
 * more). Resolves false when the URL is not a stored file or the file is already gone.
 */
export async function deleteStoredFile(url: string | null | undefined): Promise<boolean> {
  return activeStorage().deleteStoredFile(url);
}

function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Playing time of an audio file as 'mm:ss' (minutes may pass 59: '75:02'), from a file path
 * or a stream; null when it cannot be read.
 */
export async function readAudioDuration(input: string | Readable, mimeType?: string): Promise<string | null> {
  try {
    const metadata =
      typeof input === 'string'
        ? await parseFile(input, { duration: true, skipCovers: true })
        : await parseStream(
            // The tokenizer needs a byte stream; re-chunk object-mode streams of Buffers.
            input.readableObjectMode ? Readable.from(input, { objectMode: false }) : input,
            mimeType ? { mimeType } : undefined,
            { duration: true, skipCovers: true },
          );
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? formatDuration(seconds) : null;
  } catch {
    return null;
  } finally {
    if (typeof input !== 'string') input.destroy();
  }
}
