import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { UploadResponse } from '../../../shared/schemas/uploads';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, ...(message === undefined ? {} : { error: message }) });
}
import { bigPng, docx, ELF, GIF, JPEG, mp3, multipartBody, PDF, pe, PNG, SVG_WITH_SCRIPT, TEXT, wav } from './fixtures';
import { deleteStoredFile, isStoredUrl, readAudioDuration } from './service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-uploads-'));
const bucketDir = path.join(dataDir, 'storage', 'podcasts');
const ctx = useTestApp({ DATA_DIR: dataDir });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every entry (hidden temporary files included) in a folder of the bucket. */
function filesIn(folder: string): string[] {
  try {
    return readdirSync(path.join(bucketDir, folder));
  } catch {
    return [];
  }
}

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  admin = await buildUser(ctx(), { admin: true });
  member = await buildUser(ctx());
});

async function upload(folder: string, file: { filename: string; data: Buffer; contentType?: string; field?: string }, user: TestUser | null = admin) {
  const body = multipartBody(file);
  return ctx().app.inject({
    method: 'POST',
    url: `/api/uploads/${folder}`,
    payload: body.payload,
    headers: { ...body.headers, ...(user ? user.headers : {}) },
  });
}

async function uploaded(folder: string, file: { filename: string; data: Buffer }): Promise<UploadResponse> {
  const res = await upload(folder, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadResponse>();
}

function storagePath(url: string): string {
  return new URL(url).pathname;
}

describe('POST /api/uploads/:folder', () => {
  it('stores an image under a timestamp_random name with the detected extension', async () => {
    const res = await upload('images', { filename: 'photo.jpeg', data: PNG, contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResponse>();
    expect(body.path).toMatch(/^images\/\d{13}_[0-9a-f]{16}\.png$/);
    expect(body.url).toBe(`http://trackside.test/storage/podcasts/${body.path}`);
    expect(res.headers.location).toBe(body.url);
    expect(readFileSync(path.join(bucketDir, body.path))).toEqual(PNG);
  });

  it.each([
    ['images', 'a.jpg', 'jpg', JPEG],
    ['images', 'a.gif', 'gif', GIF],
    ['images', 'drawing.svg', 'svg', SVG_WITH_SCRIPT],
    ['audio', 'episode.wav', 'wav', wav(1)],
    ['audio', 'episode.mp3', 'mp3', mp3()],
    ['documents', 'spec.pdf', 'pdf', PDF],
    ['documents', 'notes.txt', 'txt', TEXT],
  ])('accepts %s %s as .%s', async (folder, filename, ext, data) => {
    const body = await uploaded(folder, { filename, data });
    expect(body.path).toMatch(new RegExp(`^${folder}/\\d{13}_[0-9a-f]{16}\\.${ext}$`));
  });

  it('accepts a DOCX document', async () => {
    const body = await uploaded('documents', { filename: 'report.docx', data: await docx() });
    expect(body.path).toMatch(/\.docx$/);
  });

  it('names every upload uniquely: the same file twice gives two files', async () => {
    const first = await uploaded('images', { filename: 'same.png', data: PNG });
    const second = await uploaded('images', { filename: 'same.png', data: PNG });
    expect(first.path).not.toBe(second.path);
    expect(filesIn('images')).toEqual(expect.arrayContaining([path.basename(first.path), path.basename(second.path)]));
  });

  it.each([
    ['audio', 'cover.png', PNG, messages.uploads.audioInvalidType],
    ['images', 'spec.pdf', PDF, messages.uploads.imageInvalidType],
    ['documents', 'song.wav', wav(1), messages.uploads.documentInvalidType],
    ['documents', 'binary.txt', Buffer.from('text\0with a NUL'), messages.uploads.documentInvalidType],
    ['images', 'empty.png', Buffer.alloc(0), messages.uploads.imageInvalidType],
  ])('refuses a wrong type for %s (%s) with the spec message', async (folder, filename, data, message) => {
    const before = filesIn(folder);
    const res = await upload(folder, { filename, data });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'invalid_file_type' });
    expect(filesIn(folder)).toEqual(before);
  });

  it('refuses a renamed executable (ELF or PE named song.mp3)', async () => {
    const before = filesIn('audio');
    for (const data of [ELF, pe()]) {
      const res = await upload('audio', { filename: 'song.mp3', data, contentType: 'audio/mpeg' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Invalid file type. Please upload an audio file (MP3, WAV, M4A, OGG).' });
    }
    const doc = await upload('documents', { filename: 'manual.txt', data: ELF });
    expect(doc.statusCode).toBe(400);
    expect(filesIn('audio')).toEqual(before);
  });

  it('refuses a file over the limit with 413 while streaming and leaves nothing behind', async () => {
    const before = filesIn('images');
    const res = await upload('images', { filename: 'huge.png', data: bigPng(5 * 1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'File is too large. Maximum size is 5MB.', code: 'file_too_large' });
    expect(filesIn('images')).toEqual(before);
  });

  it('takes a file of exactly the limit', async () => {
    const body = await uploaded('images', { filename: 'limit.png', data: bigPng(5 * 1024 * 1024) });
    expect(readFileSync(path.join(bucketDir, body.path)).length).toBe(5 * 1024 * 1024);
  });

  it('is for admins only: 401 signed out, 403 for members', async () => {
    const signedOut = await upload('images', { filename: 'a.png', data: PNG }, null);
    expect(signedOut.statusCode).toBe(401);
    const notAdmin = await upload('images', { filename: 'a.png', data: PNG }, member);
    expect(notAdmin.statusCode).toBe(403);
  });

  it('answers 400 for an unknown folder, a missing file, the wrong field or a non-multipart body', async () => {
    expect((await upload('videos', { filename: 'a.png', data: PNG })).statusCode).toBe(400);
    const wrongField = await upload('images', { filename: 'a.png', data: PNG, field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error: messages.uploads.notMultipart });
    const json = await ctx().app.inject({ method: 'POST', url: '/api/uploads/images', payload: { file: 'x' }, headers: admin.headers });
    expect(json.statusCode).toBe(400);
    const empty = multipartBody({ filename: 'x', data: Buffer.alloc(0) });
    const onlyField = Buffer.from(`--${empty.boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${empty.boundary}--\r\n`);
    const noFile = await ctx().app.inject({ method: 'POST', url: '/api/uploads/images', payload: onlyField, headers: { ...empty.headers, ...admin.headers } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error: messages.uploads.fileMissing });
  });
});

describe('an interrupted upload', () => {
  let base: string;
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });

  it('leaves no file behind when the client goes away mid-stream', async () => {
    const before = filesIn('audio');
    const body = multipartBody({ filename: 'long.wav', data: Buffer.alloc(0) });
    const audio = wav(60); // 480 kB, sent in part only
    const request = http.request(`${base}/api/uploads/audio`, {
      method: 'POST',
      headers: { ...body.headers, ...admin.headers, 'content-length': String(body.head.length + audio.length + body.tail.length) },
    });
    const outcome = new Promise<string>((resolve) => {
      request.on('error', (error) => resolve(error.message));
      request.on('response', (res) => resolve(`status ${res.statusCode}`));
    });
    request.write(body.head);
    request.write(audio.subarray(0, 200_000));

    // Wait until the server has started writing (its hidden temporary file exists), then abort.
    const deadline = Date.now() + 5000;
    while (!filesIn('audio').some((f) => f.startsWith('.upload-')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(filesIn('audio').some((f) => f.startsWith('.upload-'))).toBe(true);
    request.destroy();
    await outcome;

    const cleanDeadline = Date.now() + 5000;
    while (filesIn('audio').length !== before.length && Date.now() < cleanDeadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(filesIn('audio')).toEqual(before);
  });
});

describe('GET /storage/podcasts/:folder/:name', () => {
  let image: UploadResponse;
  let svg: UploadResponse;
  let pdf: UploadResponse;
  let audio: UploadResponse;

  beforeAll(async () => {
    image = await uploaded('images', { filename: 'x.png', data: PNG });
    svg = await uploaded('images', { filename: 'x.svg', data: SVG_WITH_SCRIPT });
    pdf = await uploaded('documents', { filename: 'x.pdf', data: PDF });
    audio = await uploaded('audio', { filename: 'x.wav', data: wav(2) });
  });

  it('serves an image publicly with its type, an hour of caching and ranges announced', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: storagePath(image.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.rawPayload).toEqual(PNG);
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: storagePath(audio.url), headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/wav');
    const size = wav(2).length;
    expect(res.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(res.headers['content-length']).toBe('10');
    expect(res.rawPayload).toEqual(wav(2).subarray(0, 10));

    const suffix = await ctx().app.inject({ method: 'GET', url: storagePath(audio.url), headers: { range: 'bytes=-4' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 4}-${size - 1}/${size}`);

    const open = await ctx().app.inject({ method: 'GET', url: storagePath(audio.url), headers: { range: `bytes=${size - 2}-` } });
    expect(open.rawPayload.length).toBe(2);
  });

  it('answers 416 for a range it cannot satisfy', async () => {
    for (const range of ['bytes=100000-', 'bytes=9-3', 'bytes=-0', 'bytes=x-y']) {
      const res = await ctx().app.inject({ method: 'GET', url: storagePath(image.url), headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${PNG.length}`);
    }
  });

  it('ignores a range whose If-Range no longer matches, and answers If-None-Match with 304', async () => {
    const first = await ctx().app.inject({ method: 'GET', url: storagePath(image.url) });
    const etag = String(first.headers.etag);
    const stale = await ctx().app.inject({ method: 'GET', url: storagePath(image.url), headers: { range: 'bytes=0-1', 'if-range': '"old"' } });
    expect(stale.statusCode).toBe(200);
    const fresh = await ctx().app.inject({ method: 'GET', url: storagePath(image.url), headers: { range: 'bytes=0-1', 'if-range': etag } });
    expect(fresh.statusCode).toBe(206);
    const cached = await ctx().app.inject({ method: 'GET', url: storagePath(image.url), headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
  });

  it('serves SVG sandboxed so that its script cannot run', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: storagePath(svg.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves documents to signed-in users only: the bearer header, or a download link for this one file; never the session token in the URL', async () => {
    const url = storagePath(pdf.url);
    const anonymous = await ctx().app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: messages.uploads.signInForDocuments });
    // The session's own token in the query is not accepted (it would end up in logs and history).
    const token = member.session.access_token;
    for (const query of [`access_token=${token}`, `token=${token}`]) {
      expect((await ctx().app.inject({ method: 'GET', url: `${url}?${query}` })).statusCode).toBe(401);
    }

    const link = await ctx().app.inject({ method: 'GET', url: `/api/uploads/download-link?url=${encodeURIComponent(pdf.url)}`, headers: member.headers });
    expect(link.statusCode).toBe(200);
    const { url: linkUrl, expires_at } = link.json<{ url: string; expires_at: number }>();
    expect(linkUrl).toMatch(new RegExp(`^${url.replace(/[.]/g, '\\.')}\\?download=`));
    expect(linkUrl).not.toContain(token);
    expect(expires_at - Date.now() / 1000).toBeGreaterThan(14 * 60);

    for (const request of [{ url, headers: member.headers }, { url: linkUrl }]) {
      const res = await ctx().app.inject({ method: 'GET', ...request });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(res.rawPayload).toEqual(PDF);
    }

    // A link's token opens its own file only, and is no access token.
    const download = new URL(linkUrl, 'http://x').searchParams.get('download') ?? '';
    const otherFile = await ctx().app.inject({ method: 'GET', url: `/storage/podcasts/documents/1_other.pdf?download=${download}` });
    expectError(otherFile, 401, 'bad_jwt', messages.uploads.downloadLinkExpired);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${download}` } })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'GET', url: `${url}?download=nonsense` })).statusCode).toBe(401);
  });

  it('gives download links to signed-in users, for stored documents only', async () => {
    const query = `/api/uploads/download-link?url=${encodeURIComponent(pdf.url)}`;
    expect((await ctx().app.inject({ method: 'GET', url: query })).statusCode).toBe(401);
    for (const other of [image.url, '/etc/passwd', '/storage/podcasts/documents/..%2Fsecret']) {
      const res = await ctx().app.inject({ method: 'GET', url: `/api/uploads/download-link?url=${encodeURIComponent(other)}`, headers: member.headers });
      expectError(res, 400, 'validation_failed', messages.uploads.notADocument);
    }
    expectError(await ctx().app.inject({ method: 'GET', url: '/api/uploads/download-link', headers: member.headers }), 400, 'validation_failed');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await ctx().app.inject({ method: 'HEAD', url: storagePath(image.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.body).toBe('');
  });

  it('answers 404 for unknown files, folders and unsafe names', async () => {
    for (const url of [
      '/storage/podcasts/images/1_nothing.png',
      '/storage/podcasts/videos/a.png',
      '/storage/podcasts/images/.hidden',
      '/storage/podcasts/images/..%2F..%2Fetc%2Fpasswd',
      '/storage/podcasts/images/%2E%2E',
    ]) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('deletes a stored file by URL (for content that no longer references it)', async () => {
    const doomed = await uploaded('images', { filename: 'x.png', data: PNG });
    expect(isStoredUrl(doomed.url)).toBe(true);
    expect(isStoredUrl(storagePath(doomed.url))).toBe(true);
    expect(isStoredUrl('https://elsewhere.example/storage/podcasts/images/a.png')).toBe(false);
    expect(isStoredUrl('/storage/podcasts/images/../../secret')).toBe(false);
    expect(isStoredUrl('https://cdn.example/cover.png')).toBe(false);
    expect(isStoredUrl(null)).toBe(false);

    expect(await deleteStoredFile(doomed.url)).toBe(true);
    expect((await ctx().app.inject({ method: 'GET', url: storagePath(doomed.url) })).statusCode).toBe(404);
    expect(await deleteStoredFile(doomed.url)).toBe(false);
    expect(await deleteStoredFile('https://cdn.example/cover.png')).toBe(false);
    expect(await ctx().app.uploads.deleteStoredFile(storagePath(image.url).replace('.png', '.gif'))).toBe(false);
  });

  it('reads the duration of stored audio', async () => {
    expect(await ctx().app.uploads.readStoredAudioDuration(audio.url)).toBe('00:02');
    expect(await readAudioDuration(path.join(bucketDir, audio.path))).toBe('00:02');
  });
});
