import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/errors';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../test/auth-client-mock';
import { api, apiRequest, DEFAULT_ERROR_MESSAGE } from './api-client';

vi.mock('./auth-client', () => import('../test/auth-client-mock'));

function jsonResponse(body: unknown, init: ResponseInit): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });
}

describe('apiRequest', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    resetAuthMock();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the parsed JSON of a successful response', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', db: 'ok' }, { status: 200 }));
    await expect(api.get('/health')).resolves.toEqual({ status: 'ok', db: 'ok' });
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ method: 'GET' }));
  });

  it('sends the access token of the current session as a bearer token', async () => {
    setMockSession(fakeSession());
    fetchMock.mockResolvedValue(jsonResponse({ admin: false, whitelisted: false }, { status: 200 }));
    await api.get('/roles/me');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-token');
  });

  it('sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.patch('/profiles/me', { fullName: 'Ada Lovelace' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe('{"fullName":"Ada Lovelace"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as it is, with the bearer token and no JSON content type', async () => {
    setMockSession(fakeSession());
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }, { status: 200 }));
    const form = new FormData();
    form.set('standard', '49 CFR');
    await expect(api.postForm('/admin/standards/documents', form)).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer access-token');
  });

  it("throws an AppError with the body's error field and code, and shows a destructive toast", async () => {
    const toastError = vi.spyOn(toast, 'error');
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: 'Full name is required', code: 'validation_failed', details: [{ path: 'fullName', message: 'Full name is required' }] },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await apiRequest('/profiles/me', { method: 'PATCH', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Full name is required', code: 'validation_failed', status: 400 });
    expect((error as AppError).details).toEqual([{ path: 'fullName', message: 'Full name is required' }]);
    // sonner loads with the first toast.
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: 'Full name is required' }));
  });

  it('falls back to the status text when the body has no error field', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/health', { toast: false })).rejects.toMatchObject({ message: 'Bad Gateway', status: 502, code: 'http_502' });
  });

  it('falls back to the default message when there is neither an error field nor a status text', async () => {
    const toastError = vi.spyOn(toast, 'error');
    fetchMock.mockResolvedValue(jsonResponse({ unexpected: true }, { status: 500, statusText: '' }));
    await expect(api.get('/health')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE });
    expect(DEFAULT_ERROR_MESSAGE).toBe('An unexpected error occurred');
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: 'An unexpected error occurred' }));
  });

  it('ends the local session when the server says it has ended (403 session_not_found: signed out elsewhere, or the account disabled)', async () => {
    setMockSession(fakeSession());
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Auth session missing!', code: 'session_not_found' }, { status: 403 }));
    await expect(api.get('/profiles/me', { toast: false })).rejects.toMatchObject({ code: 'session_not_found', status: 403 });
    await vi.waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' }));
  });

  it('refreshes the session when the server wants its MFA code (403 insufficient_aal), so the app learns of the factor', async () => {
    setMockSession(fakeSession());
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Enter the code', code: 'insufficient_aal' }, { status: 403 }));
    await expect(api.get('/profiles/me', { toast: false })).rejects.toMatchObject({ code: 'insufficient_aal' });
    await vi.waitFor(() => expect(auth.refreshSession).toHaveBeenCalled());
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('keeps the session on any other refusal', async () => {
    setMockSession(fakeSession());
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Admin access is required', code: 'forbidden' }, { status: 403 }));
    await expect(api.get('/admin/vitals', { toast: false })).rejects.toMatchObject({ code: 'forbidden' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('lets callers opt out of the toast', async () => {
    const toastError = vi.spyOn(toast, 'error');
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Nope', code: 'forbidden' }, { status: 403 }));
    await expect(api.get('/roles/me', { toast: false })).rejects.toMatchObject({ message: 'Nope', code: 'forbidden' });
    // Long enough for a toast's lazily loaded sonner to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('turns a network failure into an AppError with the default message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/health', { toast: false })).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE, code: 'network_error' });
  });
});
