import { describe, expect, it } from 'vitest';
import type { Material, Tag } from '../../../shared/schemas/knowledge';
import type { Category, Podcast } from '../../../shared/schemas/podcasts';
import { createTestApp, useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import { seedDemoContent } from './seed';
import { SEED_CATEGORIES, SEED_MATERIALS, SEED_PODCASTS, SEED_TAGS } from './seed-content';

describe('demo content seed', () => {
  const ctx = useTestApp();

  it('fills an empty database once, and the API serves it', async () => {
    const info: string[] = [];
    const first = await seedDemoContent(ctx().database.db, { info: (m) => void info.push(m) });
    expect(first).toEqual({ seeded: true, categories: SEED_CATEGORIES.length, tags: SEED_TAGS.length, materials: SEED_MATERIALS.length, podcasts: SEED_PODCASTS.length });
    expect(info[0]).toContain('Demo content added');
    expect((await seedDemoContent(ctx().database.db)).seeded).toBe(false);

    const { app } = ctx();
    const categories = (await app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    expect(categories.map((c) => c.name)).toEqual(['Civil Structures', 'Electrical Systems', 'Geotechnical', 'Industry Insights', 'Signalling', 'Track Engineering']);
    expect((await app.inject({ method: 'GET', url: '/api/knowledge/tags' })).json<Tag[]>()).toHaveLength(SEED_TAGS.length);

    const materials = (await app.inject({ method: 'GET', url: '/api/knowledge/materials' })).json<Material[]>();
    expect(materials.map((m) => m.title)).toEqual(SEED_MATERIALS.map((m) => m.title));
    expect(materials.every((m) => m.preview && m.read_time?.endsWith(' min read') && m.tags.length > 0)).toBe(true);
    expect(new Set(materials.map((m) => m.kind))).toEqual(new Set(['article', 'whitepaper']));

    const member = await buildUser(ctx());
    const search = (await app.inject({ method: 'GET', url: '/api/knowledge/materials?q=gage%20alinement', headers: member.headers })).json<Material[]>();
    expect(search[0]?.title).toBe('Track geometry limits under 49 CFR Part 213: a field guide');
    expect(search[0]?.content).toContain('§ 213.53');
    const bridges = (await app.inject({ method: 'GET', url: '/api/knowledge/materials?tag=Bridges' })).json<Material[]>();
    expect(bridges.map((m) => m.title)).toEqual(['Bridge inspection intervals and the bridge management programme']);

    const podcasts = (await app.inject({ method: 'GET', url: '/api/podcasts' })).json<Podcast[]>();
    expect(podcasts.map((p) => p.title)).toEqual(SEED_PODCASTS.map((p) => p.title));
    expect(podcasts.every((p) => p.audio_url === null && p.duration === null)).toBe(true);
    expect(podcasts.filter((p) => p.featured)).toHaveLength(1);
  });

  it('leaves a database that already has content alone', async () => {
    const other = await createTestApp();
    try {
      const admin = await buildUser(other, { admin: true });
      await other.app.inject({ method: 'POST', url: '/api/knowledge/tags', headers: admin.headers, payload: { name: 'Mine' } });
      expect((await seedDemoContent(other.database.db)).seeded).toBe(false);
      expect((await other.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual([]);
    } finally {
      await other.app.close();
      await other.database.close();
    }
  });
});
