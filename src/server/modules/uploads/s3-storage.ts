import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config';
import {
  contentTypeFor,
  isSafeKeySegment,
  StorageConflictError,
  type ByteRange,
  type StorageDriver,
  type StoredObject,
  type StoredObjectInfo,
} from './storage';

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

function isPreconditionFailed(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'PreconditionFailed' || error.$metadata.httpStatusCode === 412);
}

/**
 * S3-compatible object storage (AWS S3, MinIO, R2, …): every logical bucket is a key prefix
 * inside the one configured bucket (`podcasts/audio/<name>`). Uploads stream as multipart
 * uploads (5 MB parts, never the whole file in memory); `If-None-Match: *` keeps them from
 * overwriting, and a failed upload is aborted so no parts are left behind.
 */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  private objectKey(bucket: string, key: string): string {
    const parts = [bucket, ...key.split('/')];
    if (parts.length < 2 || !parts.every(isSafeKeySegment)) throw new Error(`Unsafe storage key: ${bucket}/${key}`);
    return parts.join('/');
  }

  async put(bucket: string, key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    const Key = this.objectKey(bucket, key);
    if (await this.exists(bucket, key)) {
      body.destroy();
      throw new StorageConflictError(key);
    }
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    body.once('error', (error) => counted.destroy(error));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key, Body: counted, ContentType: contentType, IfNoneMatch: '*' },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    // A source that fails (too large, wrong type, client gone) must stop the upload too.
    const onError = () => void upload.abort().catch(() => undefined);
    body.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      if (isPreconditionFailed(error)) throw new StorageConflictError(key);
      throw error;
    } finally {
      body.off('error', onError);
    }
    return { size };
  }

  async get(bucket: string, key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(bucket, key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      const total = out.ContentRange ? Number(/\/(\d+)$/.exec(out.ContentRange)?.[1]) : (out.ContentLength ?? 0);
      return {
        size: Number.isFinite(total) ? total : (out.ContentLength ?? 0),
        contentType: out.ContentType ?? contentTypeFor(key),
        lastModified: out.LastModified ?? new Date(0),
        body: out.Body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(bucket: string, key: string): Promise<StoredObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(bucket, key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? contentTypeFor(key), lastModified: out.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<boolean> {
    if (!(await this.exists(bucket, key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(bucket, key) }));
    return true;
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return (await this.stat(bucket, key)) !== null;
  }
}
