import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface StoredObject extends StoredObjectInfo {
  /** The whole object, or only `range` when one was asked for. */
  body: Readable;
}

/**
 * Where uploaded files live. Keys are `<folder>/<name>`; buckets are logical (`podcasts`).
 * `put` never overwrites: a key that exists already rejects with {@link StorageConflictError},
 * and a failed or interrupted write leaves nothing behind.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `bucket/key`; resolves with the stored size. */
  put(bucket: string, key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** null when there is no such object. */
  get(bucket: string, key: string, range?: ByteRange): Promise<StoredObject | null>;
  stat(bucket: string, key: string): Promise<StoredObjectInfo | null>;
  /** true when something was deleted. */
  delete(bucket: string, key: string): Promise<boolean>;
  exists(bucket: string, key: string): Promise<boolean>;
  /** Resolves once every write in progress has finished or been cleaned up (at shutdown). */
  idle?(): Promise<void>;
  /** Removes partial files a killed process left behind; resolves with how many. */
  sweepPartial?(olderThanMs: number): Promise<number>;
}

export class StorageConflictError extends Error {
  constructor(readonly key: string) {
    super(`A stored file called ${key} exists already`);
    this.name = 'StorageConflictError';
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type a stored file is served with, from its extension. */
export function contentTypeFor(name: string): string {
  const ext = path.extname(name).slice(1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** One path segment of a key: letters, digits, `_`, `-`, `.`, never starting with a dot. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isSafeKeySegment(segment: string): boolean {
  return SEGMENT.test(segment) && !segment.includes('..');
}

function assertSafe(bucket: string, key: string): void {
  const parts = [bucket, ...key.split('/')];
  if (parts.length < 2 || !parts.every(isSafeKeySegment)) throw new Error(`Unsafe storage key: ${bucket}/${key}`);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files under `root/<bucket>/<key>`. A write goes to a hidden temporary file in the target
 * folder and is hard-linked to its name only when complete (linking fails if the name is
 * taken, so nothing is ever overwritten); the temporary file is removed either way.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  /** Absolute path of an object on disk (for tools that want a file, e.g. audio metadata). */
  pathOf(bucket: string, key: string): string {
    assertSafe(bucket, key);
    return path.join(this.root, bucket, ...key.split('/'));
  }

  async sweepPartial(olderThanMs: number): Promise<number> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !/^\.upload-[0-9a-f]+\.part$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { mtimeMs } = await fs.stat(file).catch(() => ({ mtimeMs: Date.now() }));
      if (mtimeMs > cutoff) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Writes in progress: shutdown waits for them, so that a write cut short removes its partial file before the process exits. */
  private readonly writing = new Set<Promise<unknown>>();

  async idle(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }

  put(bucket: string, key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    const write = this.write(bucket, key, body, contentType);
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write)).catch(() => undefined);
    return write;
  }

  private async write(bucket: string, key: string, body: Readable, _contentType: string): Promise<{ size: number }> {
    const target = this.pathOf(bucket, key);
    const folder = path.dirname(target);
    await fs.mkdir(folder, { recursive: true });
    if (await this.exists(bucket, key)) {
      body.destroy();
      throw new StorageConflictError(key);
    }
    const temp = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`);
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      await publish(temp, target, key);
      const { size } = await fs.stat(target);
      return { size };
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async get(bucket: string, key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(bucket, key), 'r');
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
    const s = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!s.isFile()) {
      await handle.close();
      return null;
    }
    const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { size: s.size, contentType: contentTypeFor(key), lastModified: s.mtime, body };
  }

  async stat(bucket: string, key: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await fs.stat(this.pathOf(bucket, key));
      if (!s.isFile()) return null;
      return { size: s.size, contentType: contentTypeFor(key), lastModified: s.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<boolean> {
    try {
      await fs.unlink(this.pathOf(bucket, key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return (await this.stat(bucket, key)) !== null;
  }
}

/** Gives the finished temporary file its name, failing if the name is taken. */
async function publish(temp: string, target: string, key: string): Promise<void> {
  try {
    await fs.link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new StorageConflictError(key);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    // File systems without hard links: an exclusive copy is just as safe, only slower.
    try {
      await fs.copyFile(temp, target, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageConflictError(key);
      throw copyError;
    }
  }
}
