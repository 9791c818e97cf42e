import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Material, Tag } from '../../../shared/schemas/knowledge';
import type { Category, Podcast } from '../../../shared/schemas/podcasts';
import { createTestApp, useTestApp, type TestContext } from '../../test/app';
import { buildUser } from '../../test/factories';
import type { GeneratedFileStore } from '../podcasts/demo-media/writer';
import { readAudioDuration } from '../uploads/service';
import { seedDemoContent } from './seed';
import { SEED_PODCASTS } from '../podcasts/seed-content';
import { SEED_CATEGORIES, SEED_MATERIALS, SEED_TAGS } from './seed-content';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const MEDIA_FILES = SEED_MATERIALS.length + 2 * SEED_PODCASTS.length;

/** Files in a folder of the local `podcasts` bucket under `root` (hidden temporary files included). */
function filesIn(root: string, folder: string): string[] {
  try {
    return readdirSync(path.join(root, 'storage', 'podcasts', folder));
  } catch {
    return [];
  }
}

/** A fresh app on its own database and data directory, closed by `use`'s end. */
async function withApp(use: (ctx: TestContext, dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trackside-seed-other-'));
  const ctx = await createTestApp({ DATA_DIR: dir });
  try {
    await use(ctx, dir);
  } finally {
    await ctx.app.close();
    await ctx.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo content seed', () => {
  const ctx = useTestApp({ DATA_DIR: dataDir });

  it('fills an empty database once, and the API serves it', async () => {
    const info: string[] = [];
    const first = await seedDemoContent(ctx().database.db, { info: (m) => void info.push(m) });
    expect(first).toEqual({
      seeded: true,
      categories: SEED_CATEGORIES.length,
      tags: SEED_TAGS.length,
      materials: SEED_MATERIALS.length,
      podcasts: SEED_PODCASTS.length,
      mediaFiles: MEDIA_FILES,
    });
    expect(info[0]).toContain('Demo content added');
    expect(info[0]).toContain(`${MEDIA_FILES} generated covers and audio files`);
    expect((await seedDemoContent(ctx().database.db)).seeded).toBe(false);
    expect(filesIn(dataDir, 'images')).toHaveLength(SEED_MATERIALS.length + SEED_PODCASTS.length);
    expect(filesIn(dataDir, 'audio')).toHaveLength(SEED_PODCASTS.length);

    const { app } = ctx();
    const categories = (await app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    expect(categories.map((c) => c.name)).toEqual([
      'Civil Structures',
      'Electrical Systems',
      'Geotechnical',
      'Industry Insights',
      'Signalling',
      'Track Engineering',
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/knowledge/tags' })).json<Tag[]>()).toHaveLength(SEED_TAGS.length);

    const materials = (await app.inject({ method: 'GET', url: '/api/knowledge/materials' })).json<Material[]>();
    expect(materials.map((m) => m.title)).toEqual(SEED_MATERIALS.map((m) => m.title));
    expect(materials.every((m) => m.preview && m.read_time?.endsWith(' min read') && m.tags.length > 0)).toBe(true);
    expect(new Set(materials.map((m) => m.kind))).toEqual(new Set(['article', 'whitepaper']));
    expect(materials.every((m) => /^\/storage\/podcasts\/images\/\d{13}_[0-9a-f]{16}\.svg$/.test(m.image_url ?? ''))).toBe(true);

    const member = await buildUser(ctx());
    const search = (await app.inject({ method: 'GET', url: '/api/knowledge/materials?q=gage%20alinement', headers: member.headers })).json<Material[]>();
    expect(search[0]?.title).toBe('Track geometry limits under 49 CFR Part 213: a field guide');
    expect(search[0]?.content).toContain('§ 213.53');
    const bridges = (await app.inject({ method: 'GET', url: '/api/knowledge/materials?tag=Bridges' })).json<Material[]>();
    expect(bridges.map((m) => m.title)).toEqual(['Bridge inspection intervals and the bridge management programme']);

    const podcasts = (await app.inject({ method: 'GET', url: '/api/podcasts' })).json<Podcast[]>();
    expect(podcasts.map((p) => p.title)).toEqual(SEED_PODCASTS.map((p) => p.title));
    expect(podcasts.every((p) => /^\/storage\/podcasts\/audio\/\d{13}_[0-9a-f]{16}\.wav$/.test(p.audio_url ?? '') && p.duration === '00:12')).toBe(true);
    expect(podcasts.every((p) => /^\/storage\/podcasts\/images\/\d{13}_[0-9a-f]{16}\.svg$/.test(p.image_url ?? ''))).toBe(true);
    expect(new Set(podcasts.map((p) => p.audio_url)).size).toBe(SEED_PODCASTS.length);
    expect(podcasts.filter((p) => p.featured)).toHaveLength(1);
  });

  it('serves the seeded audio to anyone, whole and in byte ranges, with a readable duration', async () => {
    const { app } = ctx();
    const [podcast] = (await app.inject({ method: 'GET', url: '/api/podcasts' })).json<Podcast[]>();
    const url = podcast?.audio_url ?? '';

    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=3600');
    expect(whole.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(await app.uploads.readStoredAudioDuration(url)).toBe('00:12');

    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-43' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 44));
    expect(await readAudioDuration(Readable.from([whole.rawPayload]), 'audio/wav')).toBe('00:12');
  });

  it('serves the seeded covers as sandboxed SVG, and the feed points at audio and covers', async () => {
    const { app } = ctx();
    const podcasts = (await app.inject({ method: 'GET', url: '/api/podcasts' })).json<Podcast[]>();
    const [material] = (await app.inject({ method: 'GET', url: '/api/knowledge/materials' })).json<Material[]>();
    for (const url of [podcasts[0]?.image_url, material?.image_url]) {
      const res = await app.inject({ method: 'GET', url: url ?? '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.body).toContain('TRACKSIDE');
    }

    const feed = (await app.inject({ method: 'GET', url: '/podcasts.xml' })).body;
    expect(feed).toContain(`<enclosure url="http://trackside.test${podcasts[0]?.audio_url}" length="0" type="audio/wav"`);
    expect(feed).toContain(`<itunes:image href="http://trackside.test${podcasts[0]?.image_url}"`);
    expect(feed).toContain('<itunes:duration>00:12</itunes:duration>');
  });

  it('leaves a database that already has content alone', async () => {
    await withApp(async (other, dir) => {
      const admin = await buildUser(other, { admin: true });
      await other.app.inject({ method: 'POST', url: '/api/knowledge/tags', headers: admin.headers, payload: { name: 'Mine' } });
      expect((await seedDemoContent(other.database.db, undefined, { media: other.app.uploads })).seeded).toBe(false);
      expect((await other.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual([]);
      expect(filesIn(dir, 'images')).toEqual([]);
    });
  });

  it('adds the content without media when there is no storage', async () => {
    await withApp(async (other) => {
      const result = await seedDemoContent(other.database.db, undefined, { media: null });
      expect(result).toMatchObject({ seeded: true, mediaFiles: 0 });
      const podcasts = (await other.app.inject({ method: 'GET', url: '/api/podcasts' })).json<Podcast[]>();
      expect(podcasts.every((p) => p.audio_url === null && p.image_url === null && p.duration === null)).toBe(true);
    });
  });

  it('takes the media back when adding the content fails, and seeds without media when storing them fails', async () => {
    await withApp(async (other, dir) => {
      const { db } = other.database;
      await expect(seedDemoContent(db, undefined, { media: other.app.uploads, now: new Date(Number.NaN) })).rejects.toThrow();
      expect([...filesIn(dir, 'images'), ...filesIn(dir, 'audio')]).toEqual([]);
      expect((await other.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual([]);

      let stored = 0;
      const failing: GeneratedFileStore = {
        storeGenerated: async (folder, ext, data) => {
          if (++stored > 3) throw new Error('disk full');
          return other.app.uploads.storeGenerated(folder, ext, data);
        },
        deleteStoredFile: (url) => other.app.uploads.deleteStoredFile(url),
      };
      const info: string[] = [];
      const warnings: string[] = [];
      const result = await seedDemoContent(db, { info: (m) => void info.push(m), warn: (m) => void warnings.push(m) }, { media: failing });
      expect(result).toMatchObject({ seeded: true, mediaFiles: 0 });
      expect(warnings).toEqual([expect.stringContaining('disk full')]);
      expect(info[0]).toContain('without covers or audio');
      expect([...filesIn(dir, 'images'), ...filesIn(dir, 'audio')]).toEqual([]);
      const materials = (await other.app.inject({ method: 'GET', url: '/api/knowledge/materials' })).json<Material[]>();
      expect(materials).toHaveLength(SEED_MATERIALS.length);
      expect(materials.every((m) => m.image_url === null)).toBe(true);
    });
  });
});
