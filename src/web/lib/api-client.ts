import type { ZodType } from 'zod';
import { AppError, ErrorCode, type ErrorBody } from '../../shared/errors';
import { apiMessages, toastMessages } from '../../shared/common-messages';
import { hasStoredSession, isAuthLoaded, loadAuth } from './load-auth';
import { createSseParser, type SseEvent } from './sse';
import { toast } from './toast';

/** The message used when neither the body nor the status line says what went wrong. */
export const DEFAULT_ERROR_MESSAGE = apiMessages.unexpected;

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `FormData` goes as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the response; the parsed value is returned. */
  schema?: ZodType<T>;
  /** Show the destructive toast on failure (SPEC §7 Shared fetch behaviour). Default true. */
  toast?: boolean;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns a failed response into an `AppError`: the body's `error` field, else the status
 * text, else the default message (SPEC §7 Shared fetch behaviour).
 */
export async function errorFromResponse(response: Response): Promise<AppError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fromBody = isErrorBody(body) && typeof body.error === 'string' && body.error.trim() !== '' ? body.error : undefined;
  const message = fromBody ?? (response.statusText.trim() || DEFAULT_ERROR_MESSAGE);
  const code = isErrorBody(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
  const details = isErrorBody(body) ? body.details : undefined;
  return new AppError(code, message, response.status, details);
}

/**
 * A request with a token answered 403 session_not_found: the session was ended on the server (the
 * user signed out everywhere, or an admin disabled the account). It is ended here too, so the app
 * shows the user signed out at once instead of failing every request until the token expires.
 */
async function failedResponse(response: Response, sentToken: boolean): Promise<AppError> {
  const error = await errorFromResponse(response);
  if (sentToken && error.code === ErrorCode.sessionNotFound) {
    void loadAuth()
      .then((auth) => auth.signOut({ scope: 'local' }))
      .catch(() => undefined);
  }
  // 403 insufficient_aal: the account has MFA now (set up in another browser) and this session
  // never entered a code. A refresh brings the user's factors, so the app asks for the code.
  if (sentToken && error.code === ErrorCode.insufficientAal) {
    void loadAuth()
      .then((auth) => auth.refreshSession())
      .catch(() => undefined);
  }
  return error;
}

async function accessToken(): Promise<string | undefined> {
  // A visitor who never signed in has no token; auth-js need not load for their requests.
  if (!isAuthLoaded() && !hasStoredSession()) return undefined;
  // getSession refreshes an expiring session first, so the token sent is a fresh one.
  const { data } = await (await loadAuth()).getSession();
  return data.session?.access_token;
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const url = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one fetch wrapper for `/api/*` (auth goes through auth-js): sends the bearer token,
 * parses JSON, and on failure throws an `AppError` and shows a destructive toast.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, signal, toast: showToast = true } = options;
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new AppError(ErrorCode.networkError, DEFAULT_ERROR_MESSAGE, 0);
    }

    if (!response.ok) throw await failedResponse(response, token !== undefined);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const data: unknown = text === '' ? undefined : JSON.parse(text);
    return schema ? schema.parse(data) : (data as T);
  } catch (error) {
    if (showToast && !(error instanceof DOMException && error.name === 'AbortError')) {
      const description = error instanceof AppError ? error.message : DEFAULT_ERROR_MESSAGE;
      toast.error(toastMessages.errorTitle, { description });
    }
    throw error;
  }
}

/** Shorthands for the common verbs. */
export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** POSTs a multipart form (file uploads) with the same bearer token and error handling. */
  postForm: <T>(path: string, form: FormData, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: form }),
};

/** What the server's `Content-Disposition` names the file, if it names it. */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

/**
 * GETs a file under `/api` with the bearer token (a report the server builds per request, which
 * no signed link can point at): its bytes and the name the server gave it. With a `body` it
 * POSTs it as JSON (a file made from a request, such as a comparison's export). Failures throw
 * and toast like `apiRequest`.
 */
export async function apiDownload(
  path: string,
  options: { body?: unknown; query?: ApiRequestOptions<unknown>['query']; toast?: boolean; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const { body, query, signal, toast: showToast = true } = options;
  try {
    const headers: Record<string, string> = {};
    const token = await accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        headers,
        signal,
        ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}),
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new AppError(ErrorCode.networkError, DEFAULT_ERROR_MESSAGE, 0);
    }
    if (!response.ok) throw await failedResponse(response, token !== undefined);
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch (error) {
    if (showToast && !(error instanceof DOMException && error.name === 'AbortError')) {
      const description = error instanceof AppError ? error.message : DEFAULT_ERROR_MESSAGE;
      toast.error(toastMessages.errorTitle, { description });
    }
    throw error;
  }
}

export interface ApiStreamOptions {
  /** Sent as JSON with POST. */
  body?: unknown;
  /** Called for every event as it arrives. */
  onEvent: (event: SseEvent) => void;
  /** Show the destructive toast when the request itself fails. Default true. */
  toast?: boolean;
  signal?: AbortSignal;
}

/**
 * POSTs to a Server-Sent Events endpoint under `/api` with the bearer token and feeds each
 * event to `onEvent` until the stream ends. A non-OK answer (before any event) throws an
 * `AppError` like `apiRequest`; a dropped connection throws `network_error`.
 */
export async function apiStream(path: string, options: ApiStreamOptions): Promise<void> {
  const { body, onEvent, signal, toast: showToast = true } = options;
  try {
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
    const token = await accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(buildUrl(path, undefined), {
        method: 'POST',
        headers,
        body: JSON.stringify(body ?? {}),
        signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new AppError(ErrorCode.networkError, DEFAULT_ERROR_MESSAGE, 0);
    }
    if (!response.ok) throw await failedResponse(response, token !== undefined);
    if (!response.body) throw new AppError(ErrorCode.invalidStream, DEFAULT_ERROR_MESSAGE, response.status);

    const parser = createSseParser(onEvent);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch (cause) {
      // An AppError here came from onEvent (an `error` event): pass it on as it is.
      if (cause instanceof AppError || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
      throw new AppError(ErrorCode.networkError, DEFAULT_ERROR_MESSAGE, 0);
    } finally {
      reader.releaseLock();
    }
    parser.end();
  } catch (error) {
    if (showToast && !(error instanceof DOMException && error.name === 'AbortError')) {
      const description = error instanceof AppError ? error.message : DEFAULT_ERROR_MESSAGE;
      toast.error(toastMessages.errorTitle, { description });
    }
    throw error;
  }
}
