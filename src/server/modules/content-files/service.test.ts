import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Material } from '../../../shared/schemas/knowledge';
import type { Category, Podcast } from '../../../shared/schemas/podcasts';
import type { UploadResponse } from '../../../shared/schemas/uploads';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { mp3, multipartBody, PDF, PNG } from '../uploads/fixtures';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-content-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether the uploaded file behind a URL is still on disk. */
const stored = (url: string) => existsSync(path.join(dataDir, new URL(url).pathname));

describe('uploaded files of podcasts and materials', () => {
  const ctx = useTestApp({ DATA_DIR: dataDir });
  let admin: TestUser;
  let category: Category;

  const upload = async (folder: string, filename: string, data: Buffer) => {
    const body = multipartBody({ filename, data });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/uploads/${folder}`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<UploadResponse>().url;
  };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    category = (await send('POST', '/api/categories', { name: 'Files' })).json<Category>();
  });

  it('reads the duration of uploaded audio and deletes files once no podcast uses them', async () => {
    const audio = await upload('audio', 'episode.mp3', mp3(40));
    const image = await upload('images', 'cover.png', PNG);
    expect(stored(audio) && stored(image)).toBe(true);

    const first = (
      await send('POST', '/api/podcasts', { title: 'One', description: 'd', category_id: category.id, audio_url: audio, image_url: image })
    ).json<Podcast>();
    expect(first.duration).toMatch(/^\d{2}:\d{2}$/);
    const second = (
      await send('POST', '/api/podcasts', { title: 'Two', description: 'd', category_id: category.id, image_url: image, duration: '05:00' })
    ).json<Podcast>();
    expect(second.duration).toBe('05:00');

    expect((await send('DELETE', `/api/podcasts/${first.id}`)).statusCode).toBe(204);
    expect(stored(audio)).toBe(false);
    expect(stored(image)).toBe(true); // still the cover of the second episode

    // Replacing the image on update releases the old one; an external address is left alone.
    const res = await send('PUT', `/api/podcasts/${second.id}`, {
      title: 'Two',
      description: 'd',
      category_id: category.id,
      image_url: 'https://cdn.example.com/new.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stored(image)).toBe(false);
    expect((await send('DELETE', `/api/podcasts/${second.id}`)).statusCode).toBe(204);
  });

  it('deletes a material’s replaced document and, on delete, its image', async () => {
    const oldDocument = await upload('documents', 'old.pdf', PDF);
    const newDocument = await upload('documents', 'new.pdf', PDF);
    const image = await upload('images', 'figure.png', PNG);
    const material = (
      await send('POST', '/api/knowledge/materials', { title: 'Doc', abstract: 'a', category_id: category.id, file_url: oldDocument, image_url: image })
    ).json<Material>();

    const res = await send('PUT', `/api/knowledge/materials/${material.id}`, {
      title: 'Doc',
      abstract: 'a',
      category_id: category.id,
      file_url: newDocument,
      image_url: image,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stored(oldDocument)).toBe(false);
    expect(stored(newDocument) && stored(image)).toBe(true);

    expect((await send('DELETE', `/api/knowledge/materials/${material.id}`)).statusCode).toBe(204);
    expect(stored(newDocument) || stored(image)).toBe(false);
  });
});
