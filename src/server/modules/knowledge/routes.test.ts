import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { readTimeOf, type Material, type Tag } from '../../../shared/schemas/knowledge';
import type { Category } from '../../../shared/schemas/podcasts';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';

const m = messages.content;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('knowledge API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let member: TestUser;
  let track: Category;
  let signals: Category;
  const tags: Record<string, Tag> = {};

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
    ctx().app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTag = async (name: string) => {
    const res = await inject('POST', '/api/knowledge/tags', admin, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Tag>();
  };
  const addMaterial = async (fields: Record<string, unknown>) => {
    const res = await inject('POST', '/api/knowledge/materials', admin, { category_id: track.id, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Material>();
  };

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    member = await buildUser(ctx());
    track = (await inject('POST', '/api/categories', admin, { name: 'Track Engineering' })).json<Category>();
    signals = (await inject('POST', '/api/categories', admin, { name: 'Signalling' })).json<Category>();
    for (const name of ['Track Geometry', 'CWR', 'Level Crossings', 'Inspection']) tags[name] = await addTag(name);
  });

  describe('tags', () => {
    it('lists tags publicly by name and reads one; 404 for unknown', async () => {
      const list = (await inject('GET', '/api/knowledge/tags')).json<Tag[]>();
      expect(list.map((t) => t.name)).toEqual(['CWR', 'Inspection', 'Level Crossings', 'Track Geometry']);
      expect((await inject('GET', `/api/knowledge/tags/${tags.CWR?.id}`)).json()).toEqual(tags.CWR);
      const missing = await inject('GET', `/api/knowledge/tags/${MISSING_ID}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: m.tagNotFound });
    });

    it.each([[{}], [{ name: '' }], [{ name: '  ' }]])('requires a tag name: %j', async (body) => {
      const res = await inject('POST', '/api/knowledge/tags', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: m.tagNameRequired, code: 'validation_failed' });
    });

    it('refuses a duplicate tag name, ignoring case, with 409', async () => {
      const res = await inject('POST', '/api/knowledge/tags', admin, { name: 'cwr' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: m.tagExists });
    });

    it('keeps tag writes for admins', async () => {
      for (const [method, url] of [
        ['POST', '/api/knowledge/tags'],
        ['PUT', `/api/knowledge/tags/${tags.CWR?.id}`],
        ['DELETE', `/api/knowledge/tags/${tags.CWR?.id}`],
      ] as const) {
        expect((await inject(method, url, undefined, { name: 'x' })).statusCode).toBe(401);
        expect((await inject(method, url, member, { name: 'x' })).statusCode).toBe(403);
      }
    });

    it('renames a tag (materials follow, also in search) and deletes it (taken off materials)', async () => {
      const tag = await addTag('Turnouts');
      const material = await addMaterial({ title: 'Switch maintenance', abstract: 'Points and crossings upkeep.', tags: [tag.id] });
      const renamed = await inject('PUT', `/api/knowledge/tags/${tag.id}`, admin, { name: 'Switches and Crossings' });
      expect(renamed.json()).toEqual({ id: tag.id, name: 'Switches and Crossings' });
      expect((await inject('GET', `/api/knowledge/materials/${material.id}`)).json<Material>().tags).toEqual([{ id: tag.id, name: 'Switches and Crossings' }]);
      // The new name is searchable, the old one is not.
      expect((await inject('GET', '/api/knowledge/materials?q=switches')).json<Material[]>().map((x) => x.id)).toContain(material.id);
      expect((await inject('GET', '/api/knowledge/materials?q=turnouts')).json<Material[]>().map((x) => x.id)).not.toContain(material.id);

      expect((await inject('DELETE', `/api/knowledge/tags/${tag.id}`, admin)).statusCode).toBe(204);
      expect((await inject('GET', `/api/knowledge/materials/${material.id}`)).json<Material>().tags).toEqual([]);
      expect((await inject('DELETE', `/api/knowledge/tags/${tag.id}`, admin)).statusCode).toBe(404);
      expect((await inject('PUT', `/api/knowledge/tags/${tag.id}`, admin, { name: 'Again' })).statusCode).toBe(404);
    });
  });

  describe('materials', () => {
    it('creates a material with tags as ids and reads them back as {id, name}', async () => {
      const created = await addMaterial({
        kind: 'whitepaper',
        title: 'Track geometry limits',
        abstract: 'Gage, alinement and surface limits by class of track.',
        content: words(600),
        author: 'A. Engineer',
        featured: true,
        image_url: '/files/podcasts/images/geometry.png',
        file_url: '/files/podcasts/documents/geometry.pdf',
        tags: [tags['Track Geometry']?.id, tags.Inspection?.id],
      });
      expect(created).toMatchObject({
        kind: 'whitepaper',
        title: 'Track geometry limits',
        category_id: track.id,
        podcast_categories: { id: track.id, name: 'Track Engineering' },
        author: 'A. Engineer',
        read_time: '3 min read',
        featured: true,
        content: words(600),
        file_url: '/files/podcasts/documents/geometry.pdf',
        preview: false,
      });
      expect(created.tags).toEqual([tags.Inspection, tags['Track Geometry']]);
    });

    it('derives the reading time at 275 words a minute unless one is given', async () => {
      expect(readTimeOf(words(1))).toBe('1 min read');
      expect(readTimeOf(words(275))).toBe('1 min read');
      expect(readTimeOf(words(276))).toBe('2 min read');
      expect(readTimeOf(words(1375))).toBe('5 min read');
      expect(readTimeOf('  ')).toBeNull();
      expect((await addMaterial({ title: 'Derived', abstract: 'a', content: words(1375) })).read_time).toBe('5 min read');
      expect((await addMaterial({ title: 'Given', abstract: 'a', content: words(1375), read_time: '12 min read' })).read_time).toBe('12 min read');
      const empty = await addMaterial({ title: 'No content', abstract: 'a' });
      expect(empty).toMatchObject({ read_time: null, content: null, kind: 'article', featured: false, tags: [] });
      // An update recomputes it from the new content.
      const updated = await inject('PUT', `/api/knowledge/materials/${empty.id}`, admin, {
        title: 'No content',
        abstract: 'a',
        category_id: track.id,
        content: words(600),
      });
      expect(updated.json<Material>().read_time).toBe('3 min read');
    });

    it.each([
      ['title', { abstract: 'a', category_id: 'c' }, m.titleRequired],
      ['blank title', { title: ' ', abstract: 'a', category_id: 'c' }, m.titleRequired],
      ['abstract', { title: 't', category_id: 'c' }, m.abstractRequired],
      ['blank abstract', { title: 't', abstract: '', category_id: 'c' }, m.abstractRequired],
      ['category', { title: 't', abstract: 'a' }, m.categoryRequired],
      ['blank category', { title: 't', abstract: 'a', category_id: '  ' }, m.categoryRequired],
    ])('requires the %s with the SPEC message', async (_name, body: Record<string, string>, message) => {
      const payload = { ...body, ...(body.category_id === 'c' ? { category_id: track.id } : {}) };
      const res = await inject('POST', '/api/knowledge/materials', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'validation_failed' });
    });

    it('adds a tag to a material once only', async () => {
      const id = tags.CWR?.id as string;
      for (const list of [
        [id, id],
        [id, id.toUpperCase()],
      ]) {
        const res = await inject('POST', '/api/knowledge/materials', admin, { title: 't', abstract: 'a', category_id: track.id, tags: list });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: m.tagOnceOnly, code: 'validation_failed' });
      }
      const material = await addMaterial({ title: 'Once', abstract: 'a', tags: [id] });
      const res = await inject('PUT', `/api/knowledge/materials/${material.id}`, admin, {
        title: 'Once',
        abstract: 'a',
        category_id: track.id,
        tags: [id, id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: m.tagOnceOnly });
    });

    it('refuses unknown categories, unknown tags and unknown kinds with 400', async () => {
      const base = { title: 't', abstract: 'a', category_id: track.id };
      const cases: [Record<string, unknown>, string][] = [
        [{ category_id: MISSING_ID }, m.unknownCategory],
        [{ tags: [MISSING_ID] }, m.unknownTag],
        [{ tags: [tags.CWR?.id, 'not-a-tag'] }, m.unknownTag],
        [{ kind: 'podcast' }, m.kindInvalid],
        [{ file_url: 'ftp://files.example.com/a.pdf' }, m.urlInvalid],
      ];
      for (const [fields, message] of cases) {
        const res = await inject('POST', '/api/knowledge/materials', admin, { ...base, ...fields });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json<{ error: string }>().error).toBe(message);
      }
    });

    it('updates fields and tags with PUT and deletes; 404 for unknown ids', async () => {
      const created = await addMaterial({ title: 'Before', abstract: 'a', tags: [tags.CWR?.id] });
      const res = await inject('PUT', `/api/knowledge/materials/${created.id}`, admin, {
        kind: 'whitepaper',
        title: 'After',
        abstract: 'b',
        category_id: signals.id,
        tags: [tags['Level Crossings']?.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        kind: 'whitepaper',
        title: 'After',
        podcast_categories: { id: signals.id, name: 'Signalling' },
        tags: [tags['Level Crossings']],
      });
      expect((await inject('PUT', `/api/knowledge/materials/${MISSING_ID}`, admin, { title: 't', abstract: 'a', category_id: track.id })).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/knowledge/materials/${created.id}`, admin)).statusCode).toBe(204);
      const gone = await inject('GET', `/api/knowledge/materials/${created.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ error: m.materialNotFound, code: 'not_found' });
      expect((await inject('DELETE', `/api/knowledge/materials/${created.id}`, admin)).statusCode).toBe(404);
      expect((await inject('GET', '/api/knowledge/materials/not-a-uuid')).statusCode).toBe(404);
    });

    it('keeps material writes for admins', async () => {
      const created = await addMaterial({ title: 'Guarded', abstract: 'a' });
      const body = { title: 'x', abstract: 'x', category_id: track.id };
      for (const [method, url] of [
        ['POST', '/api/knowledge/materials'],
        ['PUT', `/api/knowledge/materials/${created.id}`],
        ['DELETE', `/api/knowledge/materials/${created.id}`],
      ] as const) {
        expect((await inject(method, url, undefined, body)).statusCode).toBe(401);
        expect((await inject(method, url, member, body)).statusCode).toBe(403);
      }
      expect((await inject('GET', `/api/knowledge/materials/${created.id}`, member)).json<Material>().title).toBe('Guarded');
    });

    it('gives guests previews without content or file_url; signed-in users everything', async () => {
      const created = await addMaterial({
        title: 'Gated',
        abstract: 'Visible abstract',
        content: 'Secret body text',
        file_url: 'https://files.example.com/gated.pdf',
        tags: [tags.CWR?.id],
      });

      const guestOne = await inject('GET', `/api/knowledge/materials/${created.id}`);
      expect(guestOne.statusCode).toBe(200);
      const preview = guestOne.json<Material>();
      expect(preview).not.toHaveProperty('content');
      expect(preview).not.toHaveProperty('file_url');
      expect(guestOne.body).not.toContain('Secret body text');
      expect(guestOne.body).not.toContain('gated.pdf');
      expect(preview).toMatchObject({
        title: 'Gated',
        abstract: 'Visible abstract',
        podcast_categories: { name: 'Track Engineering' },
        tags: [tags.CWR],
        read_time: '1 min read',
        kind: 'article',
        featured: false,
        preview: true,
      });
      expect(Object.keys(preview).sort()).toEqual(
        [
          'abstract',
          'author',
          'category_id',
          'created_at',
          'featured',
          'id',
          'image_url',
          'kind',
          'podcast_categories',
          'preview',
          'read_time',
          'tags',
          'title',
          'updated_at',
        ].sort(),
      );

      const guestList = await inject('GET', '/api/knowledge/materials');
      expect(guestList.body).not.toContain('Secret body text');
      expect(guestList.json<Material[]>().every((x) => x.preview && !('content' in x) && !('file_url' in x))).toBe(true);

      const full = (await inject('GET', `/api/knowledge/materials/${created.id}`, member)).json<Material>();
      expect(full).toMatchObject({ content: 'Secret body text', file_url: 'https://files.example.com/gated.pdf', preview: false });
      const memberList = (await inject('GET', '/api/knowledge/materials', member)).json<Material[]>();
      expect(memberList.find((x) => x.id === created.id)).toMatchObject({ content: 'Secret body text', preview: false });

      // Guests cannot probe the content through search either.
      expect((await inject('GET', '/api/knowledge/materials?q=secret')).json()).toEqual([]);
      expect((await inject('GET', '/api/knowledge/materials?q=secret', member)).json<Material[]>().map((x) => x.id)).toEqual([created.id]);

      // A stale or forged token is a 401, not a silent preview.
      const forged = await ctx().app.inject({ method: 'GET', url: `/api/knowledge/materials/${created.id}`, headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.statusCode).toBe(401);
    });
  });

  describe('listing and search', () => {
    let cat: Category;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      cat = (await inject('POST', '/api/categories', admin, { name: 'Search Category' })).json<Category>();
      const add = async (fields: Record<string, unknown>) => (await addMaterial({ category_id: cat.id, ...fields })).id;
      ids.content = await add({
        title: 'Maintenance planning',
        abstract: 'Planning possessions.',
        content: 'Sleeper renewal and rail grinding. Buckling risk rises in summer heat.',
      });
      ids.title = await add({ title: 'Track buckling in hot weather', abstract: 'Why CWR buckles.', kind: 'whitepaper', tags: [tags.CWR?.id] });
      ids.abstract = await add({ title: 'Summer readiness', abstract: 'Stress-free temperature checks to prevent buckling.', featured: true });
      ids.tagged = await add({ title: 'Crossing warning time', abstract: 'Minimum 20 seconds.', tags: [tags['Level Crossings']?.id, tags.Inspection?.id] });
    });

    it('lists newest first', async () => {
      const list = (await inject('GET', `/api/knowledge/materials?category=${cat.id}`)).json<Material[]>();
      expect(list.map((x) => x.id)).toEqual([ids.tagged, ids.abstract, ids.title, ids.content]);
      const created = list.map((x) => x.created_at);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('ranks title matches over abstract over content', async () => {
      const res = await inject('GET', `/api/knowledge/materials?q=buckling&category=${cat.id}`, member);
      expect(res.json<Material[]>().map((x) => x.id)).toEqual([ids.title, ids.abstract, ids.content]);
      // Guests search title, abstract and tags only.
      const guest = await inject('GET', `/api/knowledge/materials?q=buckling&category=${cat.id}`);
      expect(guest.json<Material[]>().map((x) => x.id)).toEqual([ids.title, ids.abstract]);
    });

    it('finds materials by tag name and websearch syntax', async () => {
      const byTagName = (await inject('GET', `/api/knowledge/materials?q=${encodeURIComponent('level crossings')}`)).json<Material[]>();
      expect(byTagName.map((x) => x.id)).toEqual([ids.tagged]);
      const or = (await inject('GET', `/api/knowledge/materials?q=${encodeURIComponent('warning or readiness')}&category=${cat.id}`)).json<Material[]>();
      expect(or.map((x) => x.id).sort()).toEqual([ids.tagged, ids.abstract].sort());
      const not = (await inject('GET', `/api/knowledge/materials?q=${encodeURIComponent('buckling -cwr')}&category=${cat.id}`, member)).json<Material[]>();
      expect(not.map((x) => x.id)).toEqual([ids.abstract, ids.content]);
      expect((await inject('GET', '/api/knowledge/materials?q=the')).json()).toEqual([]);
    });

    it('filters by category (id or name), tag (id or name), kind and featured', async () => {
      const get = async (query: string) => (await inject('GET', `/api/knowledge/materials?${query}`)).json<Material[]>().map((x) => x.id);
      expect(await get(`category=${encodeURIComponent('search category')}&kind=whitepaper`)).toEqual([ids.title]);
      expect(await get(`category=${cat.id}&kind=article`)).toEqual([ids.tagged, ids.abstract, ids.content]);
      expect(await get(`category=${cat.id}&tag=${tags.CWR?.id}`)).toEqual([ids.title]);
      expect(await get(`category=${cat.id}&tag=${encodeURIComponent('level crossings')}`)).toEqual([ids.tagged]);
      expect(await get(`category=${cat.id}&featured=true`)).toEqual([ids.abstract]);
      expect(await get(`tag=no-such-tag`)).toEqual([]);
      const badKind = await inject('GET', '/api/knowledge/materials?kind=podcast');
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json()).toMatchObject({ error: m.kindInvalid });
    });
  });
});
