import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { Category, Podcast } from '../../../shared/schemas/podcasts';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';

const m = messages.content;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('podcasts and categories API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let member: TestUser;

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
    ctx().app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  const addCategory = async (name: string, description?: string) => {
    const res = await inject('POST', '/api/categories', admin, { name, description });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  };
  const addPodcast = async (fields: Record<string, unknown>) => {
    const res = await inject('POST', '/api/podcasts', admin, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Podcast>();
  };

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    member = await buildUser(ctx());
  });

  describe('categories', () => {
    it('lists categories publicly, ordered by name ignoring case', async () => {
      await addCategory('signalling', 'Train control and interlocking');
      await addCategory('Civil Structures');
      await addCategory('Track Engineering');
      const res = await inject('GET', '/api/categories');
      expect(res.statusCode).toBe(200);
      const names = res.json<Category[]>().map((c) => c.name);
      expect(names).toEqual(['Civil Structures', 'signalling', 'Track Engineering']);
      expect(res.json<Category[]>().find((c) => c.name === 'signalling')).toMatchObject({ description: 'Train control and interlocking' });
      expect(res.json<Category[]>().find((c) => c.name === 'Civil Structures')).toMatchObject({ description: null });
    });

    it('answers the list with an ETag (304 when the client has it) and shows a write at once', async () => {
      const category = await addCategory('Rolling Stock');
      const first = await inject('GET', '/api/categories');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await ctx().app.inject({ method: 'GET', url: '/api/categories?any=query', headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);

      expect((await inject('PUT', `/api/categories/${category.id}`, admin, { name: 'Rolling Stock and Vehicles' })).statusCode).toBe(200);
      const after = await ctx().app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': String(etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.json<Category[]>().map((c) => c.name)).toContain('Rolling Stock and Vehicles');
    });

    it('reads one category and answers 404 for unknown or malformed ids', async () => {
      const created = await addCategory('Geotechnical', '  ');
      expect(created.description).toBeNull();
      expect((await inject('GET', `/api/categories/${created.id}`)).json()).toEqual(created);
      for (const id of [MISSING_ID, 'not-an-id']) {
        const res = await inject('GET', `/api/categories/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: m.categoryNotFound, code: 'not_found' });
      }
    });

    it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: 42 }]])('requires a category name: %j', async (body) => {
      const res = await inject('POST', '/api/categories', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: m.categoryNameRequired, code: 'validation_failed' });
    });

    it('refuses a second category of the same name (ignoring case) with 409', async () => {
      await addCategory('Electrical Systems');
      const res = await inject('POST', '/api/categories', admin, { name: 'electrical systems' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: m.categoryExists, code: 'already_exists' });
    });

    it('renames a category and deletes it once unused; 409 while podcasts use it', async () => {
      const category = await addCategory('Industry Insght');
      const renamed = await inject('PUT', `/api/categories/${category.id}`, admin, { name: 'Industry Insights', description: 'Business of rail' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id: category.id, name: 'Industry Insights', description: 'Business of rail' });
      expect((await inject('PUT', `/api/categories/${MISSING_ID}`, admin, { name: 'X' })).statusCode).toBe(404);

      const podcast = await addPodcast({ title: 'Rail markets', description: 'Who buys rail', category_id: category.id });
      const refused = await inject('DELETE', `/api/categories/${category.id}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: m.categoryInUse, code: 'in_use' });

      expect((await inject('DELETE', `/api/podcasts/${podcast.id}`, admin)).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/categories/${category.id}`, admin)).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/categories/${category.id}`, admin)).statusCode).toBe(404);
    });

    it('keeps writes for admins: 401 signed out, 403 for members', async () => {
      const category = await addCategory('Drainage');
      const writes: ['POST' | 'PUT' | 'DELETE', string][] = [
        ['POST', '/api/categories'],
        ['PUT', `/api/categories/${category.id}`],
        ['DELETE', `/api/categories/${category.id}`],
      ];
      for (const [method, url] of writes) {
        const anonymous = await inject(method, url, undefined, { name: 'Hacked' });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const signedIn = await inject(method, url, member, { name: 'Hacked' });
        expect(signedIn.statusCode, `${method} ${url}`).toBe(403);
        expect(signedIn.json()).toMatchObject({ code: 'forbidden' });
      }
      // Even an invalid body is refused for the missing role, not validated.
      expect((await inject('POST', '/api/categories', member, {})).statusCode).toBe(403);
      expect((await inject('GET', `/api/categories/${category.id}`)).json<Category>().name).toBe('Drainage');
    });
  });

  describe('podcasts', () => {
    let track: Category;
    let signals: Category;

    beforeAll(async () => {
      track = await addCategory('Podcast Track');
      signals = await addCategory('Podcast Signals');
    });

    it('creates a podcast with its nested category and reads it publicly', async () => {
      const created = await addPodcast({
        title: 'Gauge spreading on timber sleepers',
        description: 'Why wide gauge develops on curves and how to catch it early.',
        category_id: track.id,
        featured: true,
        duration: '32:45',
        image_url: 'https://cdn.example.com/cover.png',
        audio_url: '/files/podcasts/audio/gauge.mp3',
        publish_date: '2025-03-01',
      });
      expect(created).toMatchObject({
        title: 'Gauge spreading on timber sleepers',
        category_id: track.id,
        featured: true,
        duration: '32:45',
        image_url: 'https://cdn.example.com/cover.png',
        audio_url: '/files/podcasts/audio/gauge.mp3',
        publish_date: '2025-03-01T00:00:00.000Z',
        podcast_categories: { id: track.id, name: 'Podcast Track' },
      });
      const one = await inject('GET', `/api/podcasts/${created.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);
    });

    it('fills defaults: not featured, optional fields null, published now', async () => {
      const before = Date.now();
      const created = await addPodcast({ title: 'Minimal', description: 'Just the required fields', category_id: track.id, duration: '', image_url: null });
      expect(created).toMatchObject({ featured: false, duration: null, image_url: null, audio_url: null });
      expect(Date.parse(created.publish_date)).toBeGreaterThanOrEqual(before - 1000);
    });

    it.each([
      ['title', { description: 'd', category_id: 'c' }, m.titleRequired],
      ['blank title', { title: '  ', description: 'd', category_id: 'c' }, m.titleRequired],
      ['description', { title: 't', category_id: 'c' }, m.descriptionRequired],
      ['blank description', { title: 't', description: '', category_id: 'c' }, m.descriptionRequired],
      ['category', { title: 't', description: 'd' }, m.categoryRequired],
      ['blank category', { title: 't', description: 'd', category_id: '' }, m.categoryRequired],
    ])('requires the %s with the SPEC message', async (_name, body: Record<string, string>, message) => {
      const payload = { ...body, ...(body.category_id === 'c' ? { category_id: track.id } : {}) };
      const res = await inject('POST', '/api/podcasts', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'validation_failed' });
    });

    it('refuses unknown categories, bad addresses and bad dates with 400', async () => {
      const base = { title: 't', description: 'd', category_id: track.id };
      const cases: [Record<string, unknown>, string][] = [
        [{ category_id: MISSING_ID }, m.unknownCategory],
        [{ category_id: 'no-such-category' }, m.unknownCategory],
        [{ audio_url: 'javascript:alert(1)' }, m.urlInvalid],
        [{ image_url: '//evil.example.com/x.png' }, m.urlInvalid],
        [{ publish_date: 'yesterday' }, m.dateInvalid],
      ];
      for (const [fields, message] of cases) {
        const res = await inject('POST', '/api/podcasts', admin, { ...base, ...fields });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json<{ error: string }>().error).toBe(message);
      }
    });

    it('updates with PUT (keeping the publish date when left out) and deletes; 404 for unknown ids', async () => {
      const created = await addPodcast({ title: 'Old', description: 'Old text', category_id: track.id, publish_date: '2024-01-15T08:30:00Z' });
      const res = await inject('PUT', `/api/podcasts/${created.id}`, admin, {
        title: 'New',
        description: 'New text',
        category_id: signals.id,
        featured: true,
        duration: '10:00',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        title: 'New',
        featured: true,
        duration: '10:00',
        publish_date: '2024-01-15T08:30:00.000Z',
        podcast_categories: { id: signals.id, name: 'Podcast Signals' },
      });
      expect((await inject('PUT', `/api/podcasts/${created.id}`, admin, { title: 'New', description: 'x', category_id: MISSING_ID })).statusCode).toBe(400);
      expect((await inject('PUT', `/api/podcasts/${MISSING_ID}`, admin, { title: 'x', description: 'x', category_id: track.id })).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/podcasts/${created.id}`, admin)).statusCode).toBe(204);
      const gone = await inject('GET', `/api/podcasts/${created.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ error: m.podcastNotFound, code: 'not_found' });
      expect((await inject('DELETE', `/api/podcasts/${created.id}`, admin)).statusCode).toBe(404);
      expect((await inject('GET', '/api/podcasts/nonsense')).statusCode).toBe(404);
    });

    it('keeps writes for admins: 401 signed out, 403 for members', async () => {
      const created = await addPodcast({ title: 'Guarded', description: 'd', category_id: track.id });
      const body = { title: 'x', description: 'x', category_id: track.id };
      for (const [method, url] of [
        ['POST', '/api/podcasts'],
        ['PUT', `/api/podcasts/${created.id}`],
        ['DELETE', `/api/podcasts/${created.id}`],
      ] as const) {
        expect((await inject(method, url, undefined, body)).statusCode).toBe(401);
        expect((await inject(method, url, member, body)).statusCode).toBe(403);
      }
      expect((await inject('GET', `/api/podcasts/${created.id}`)).json<Podcast>().title).toBe('Guarded');
    });
  });

  describe('listing, search and feed', () => {
    let cat: Category;
    let other: Category;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      // A database of its own would be cleaner; instead filters below pin the category.
      cat = await addCategory('Listing Category');
      other = await addCategory('Other Listing Category');
      ids.older = (
        await addPodcast({
          title: 'Ballast cleaning economics',
          description: 'Undercutting versus shoulder cleaning & spot renewal.',
          category_id: cat.id,
          publish_date: '2024-05-01',
        })
      ).id;
      ids.newest = (
        await addPodcast({
          title: 'Interlocking <upgrades>',
          description: 'Relay to computer-based interlocking: what changes for testing. Ballast is mentioned once.',
          category_id: cat.id,
          publish_date: '2025-06-01',
          featured: true,
          duration: '41:10',
          audio_url: '/files/podcasts/audio/interlocking.m4a',
          image_url: '/files/podcasts/images/ilk.png',
        })
      ).id;
      ids.middle = (
        await addPodcast({
          title: 'Bridge scour after floods',
          description: 'Special inspections after high water.',
          category_id: other.id,
          publish_date: '2025-01-10',
          audio_url: 'https://media.example.com/scour.mp3',
        })
      ).id;
    });

    it('lists newest publish date first with the nested category', async () => {
      const res = await inject('GET', '/api/podcasts');
      expect(res.statusCode).toBe(200);
      const list = res.json<Podcast[]>();
      const dates = list.map((p) => p.publish_date);
      expect(dates).toEqual([...dates].sort().reverse());
      const mine = list.filter((p) => Object.values(ids).includes(p.id)).map((p) => p.id);
      expect(mine).toEqual([ids.newest, ids.middle, ids.older]);
      expect(list.find((p) => p.id === ids.middle)?.podcast_categories).toEqual({ id: other.id, name: 'Other Listing Category' });
    });

    it('filters by category id or name and by featured', async () => {
      const byId = (await inject('GET', `/api/podcasts?category=${cat.id}`)).json<Podcast[]>();
      expect(byId.map((p) => p.id)).toEqual([ids.newest, ids.older]);
      const byName = (await inject('GET', `/api/podcasts?category=${encodeURIComponent('other listing category')}`)).json<Podcast[]>();
      expect(byName.map((p) => p.id)).toEqual([ids.middle]);
      const featured = (await inject('GET', `/api/podcasts?category=${cat.id}&featured=true`)).json<Podcast[]>();
      expect(featured.map((p) => p.id)).toEqual([ids.newest]);
      expect((await inject('GET', '/api/podcasts?category=nothing-like-this')).json()).toEqual([]);
      expect((await inject('GET', '/api/podcasts?featured=maybe')).statusCode).toBe(400);
    });

    it('searches title and description, title matches ranked first', async () => {
      const res = await inject('GET', `/api/podcasts?q=ballast&category=${cat.id}`);
      expect(res.json<Podcast[]>().map((p) => p.id)).toEqual([ids.older, ids.newest]);
      const phrase = (await inject('GET', `/api/podcasts?q=${encodeURIComponent('"special inspections" -ballast')}`)).json<Podcast[]>();
      expect(phrase.map((p) => p.id)).toEqual([ids.middle]);
      expect((await inject('GET', '/api/podcasts?q=zeppelin')).json()).toEqual([]);
      // Only stop words: nothing can match, and nothing fails.
      const stop = await inject('GET', '/api/podcasts?q=the');
      expect(stop.statusCode).toBe(200);
      expect(stop.json()).toEqual([]);
      // A blank query is no filter at all.
      expect((await inject('GET', `/api/podcasts?q=%20&category=${cat.id}`)).json<Podcast[]>()).toHaveLength(2);
    });

    it('serves an RSS 2.0 feed with absolute enclosure URLs', async () => {
      const res = await inject('GET', '/podcasts.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(res.body) as {
        rss: { version: string; channel: { title: string; link: string; 'atom:link': { href: string }; item: Record<string, unknown>[] } };
      };
      expect(feed.rss.version).toBe('2.0');
      const { channel } = feed.rss;
      expect(channel.title).toBe('Trackside Podcast Library');
      expect(channel.link).toBe('http://trackside.test/podcast-library');
      expect(channel['atom:link'].href).toBe('http://trackside.test/podcasts.xml');
      const all = (await inject('GET', '/api/podcasts')).json<Podcast[]>();
      expect(channel.item.map((i) => (i.guid as { '#text': string })['#text'])).toEqual(all.map((p) => p.id));

      const item = (id: string) => channel.item.find((i) => (i.guid as { '#text': string })['#text'] === id);
      expect(item(ids.newest as string)).toMatchObject({
        title: 'Interlocking <upgrades>',
        pubDate: 'Sun, 01 Jun 2025 00:00:00 GMT',
        category: 'Listing Category',
        enclosure: { url: 'http://trackside.test/files/podcasts/audio/interlocking.m4a', type: 'audio/mp4', length: '0' },
        'itunes:duration': '41:10',
        'itunes:image': { href: 'http://trackside.test/files/podcasts/images/ilk.png' },
      });
      expect(item(ids.middle as string)).toMatchObject({ enclosure: { url: 'https://media.example.com/scour.mp3', type: 'audio/mpeg' } });
      expect(item(ids.older as string)).not.toHaveProperty('enclosure');
      expect(item(ids.older as string)?.description).toBe('Undercutting versus shoulder cleaning & spot renewal.');
      expect(res.body).toContain('Interlocking &lt;upgrades&gt;');
    });
  });
});
