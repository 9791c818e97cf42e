import type { ZodType } from 'zod';
import { AppError, ErrorCode } from '../../shared/errors';
import { DEFAULT_ERROR_MESSAGE, errorFromResponse } from './api-client';
import { auth } from './auth-client';

export interface UploadFormOptions<T> {
  /** Validates the answer; the parsed value is returned. */
  schema: ZodType<T>;
  /** Called as the bytes go out, with the fraction sent (0…1). */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * POSTs a multipart form to `/api/…` with the session's bearer token and reports how much of it
 * has gone out. XMLHttpRequest rather than fetch because only it reports upload progress; errors
 * become the same `AppError` as `api-client` makes, without a toast (the caller shows them in place).
 */
export async function uploadForm<T>(path: string, form: FormData, options: UploadFormOptions<T>): Promise<T> {
  const { schema, onProgress, signal } = options;
  signal?.throwIfAborted();
  const { data } = await auth.getSession();
  const token = data.session?.access_token;

  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; statusText: string; body: string }>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    xhr.onerror = () => reject(new AppError(ErrorCode.networkError, DEFAULT_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
  });
  xhr.open('POST', path);
  xhr.setRequestHeader('Accept', 'application/json');
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  signal?.addEventListener('abort', () => xhr.abort(), { once: true });
  xhr.send(form);

  const answer = await done;
  if (answer.status >= 200 && answer.status < 300) return schema.parse(JSON.parse(answer.body));
  if (answer.status < 400 || answer.status > 599) throw new AppError(ErrorCode.invalidResponse, DEFAULT_ERROR_MESSAGE, answer.status);
  // A Response around the answer lets api-client read the error body the one way it always does.
  throw await errorFromResponse(new Response(answer.body || null, { status: answer.status, statusText: answer.statusText }));
}
