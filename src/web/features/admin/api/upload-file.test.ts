import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { uploadFile } from './upload-file';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

/** A stand-in XMLHttpRequest that records the request and answers when told to. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, statusText: string, body: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const file = new File(['RIFF'], 'episode.wav', { type: 'audio/wav' });

async function sent(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
  return FakeXhr.last!;
}

describe('uploadFile', () => {
  beforeEach(() => {
    resetAuthMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs the file as multipart field `file` with the bearer token, reports progress and answers {url, path}', async () => {
    const progress = vi.fn();
    const result = uploadFile('audio', file, { onProgress: progress });
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/audio');
    expect(xhr.headers.Authorization).toBe('Bearer access-token');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
    expect(progress).toHaveBeenCalledWith(0.75);
    xhr.answer(201, 'Created', { url: '/storage/podcasts/audio/1_a.wav', path: 'audio/1_a.wav' });
    await expect(result).resolves.toEqual({ url: '/storage/podcasts/audio/1_a.wav', path: 'audio/1_a.wav' });
  });

  it("turns an error answer into the server's AppError", async () => {
    const result = uploadFile('audio', file);
    (await sent()).answer(413, 'Payload Too Large', { error: 'File is too large. Maximum size is 80MB.', code: 'validation_failed' });
    await expect(result).rejects.toEqual(new AppError('validation_failed', 'File is too large. Maximum size is 80MB.', 413));
  });

  it('reports a dropped connection as network_error', async () => {
    const result = uploadFile('images', file);
    (await sent()).onerror?.();
    await expect(result).rejects.toMatchObject({ code: 'network_error' });
  });
});
