import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageQueryData } from '../../shared/live-page';
import type { Material } from '../../shared/schemas/knowledge';
import type { Category } from '../../shared/schemas/podcasts';
import { useTestApp } from '../test/app';
import { buildUser, type TestUser } from '../test/factories';

/*
 * The real server-side renderer (src/web/entry-server.tsx, as dist/ssr/entry-server.js would
 * be) behind the real API: the pages that read data arrive with it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const webRoot = mkdtempSync(path.join(os.tmpdir(), 'trackside-live-app-'));
copyFileSync(path.join(root, 'index.html'), path.join(webRoot, 'index.html'));

function pageData(html: string): PageQueryData[] {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('the page carries no data');
  return JSON.parse(json) as PageQueryData[];
}

/** The markup of #root. */
const rootOf = (html: string) => /<div id="root">(.*)<\/div>(?:<template|<script type="application\/json")/s.exec(html)?.[1] ?? '';

describe('the Knowledge Hub, rendered per request with its materials', () => {
  const ctx = useTestApp({}, { webRoot, ssrEntry: path.join(root, 'src/web/entry-server.tsx') });
  let admin: TestUser;
  let category: Category;

  const addMaterial = async (fields: Record<string, unknown>) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/knowledge/materials',
      headers: admin.headers,
      payload: { category_id: category.id, ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Material>();
  };
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    category = (
      await ctx().app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name: 'Track Engineering' } })
    ).json<Category>();
    await addMaterial({ kind: 'whitepaper', title: 'Signalling migration', abstract: 'From relays to CBTC.', file_url: '/files/podcasts/documents/cbtc.pdf' });
    await addMaterial({ title: 'Ballast cleaning', abstract: 'Fouling and drainage.' });
    // The newest: the first card.
    await addMaterial({
      title: 'Rail grinding <strategies>',
      abstract: 'Why and when to grind.',
      content: 'Members-only body text.',
      image_url: '/files/podcasts/images/grinding.png',
    });
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('arrives with the cards of the articles, the sign-in prompt and the previews it was rendered with', async () => {
    const res = await get('/knowledge-hub');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = rootOf(res.body);
    expect(html).toContain('Rail grinding &lt;strategies&gt;');
    expect(html).toContain('Ballast cleaning');
    expect(html).not.toContain('Signalling migration');
    expect(html).not.toMatch(/Loading articles/);
    expect(html).toContain('Sign in to continue');
    // The first cover (the largest paint on a phone) is fetched at once, first.
    expect(html).toMatch(/<img src="\/files\/podcasts\/images\/grinding.png"[^>]*loading="eager"[^>]*fetchPriority="high"/i);
    expect(html.indexOf('Rail grinding')).toBeLessThan(html.indexOf('Ballast cleaning'));
    expect(res.body).toContain('<title>Knowledge Hub | Trackside</title>');

    const [list, ...others] = pageData(res.body);
    expect(others).toEqual([]);
    expect(list?.queryKey).toEqual(['knowledge', 'materials', null, { kind: 'article' }]);
    const materials = list?.data as Material[];
    expect(materials.map((m) => m.title).sort()).toEqual(['Ballast cleaning', 'Rail grinding <strategies>']);
    // What a guest reads: the cache is shared by everyone.
    expect(materials.every((m) => m.preview && m.content === undefined)).toBe(true);
    expect(res.body).not.toContain('Members-only body text.');
  });

  it('renders the tab and filters of its address, and no other parameter', async () => {
    const res = await get('/knowledge-hub?utm_source=mail&kind=whitepaper');
    const html = rootOf(res.body);
    expect(html).toContain('Signalling migration');
    expect(html).not.toContain('Ballast cleaning');
    expect(html).toMatch(/aria-selected="true"[^>]*>Whitepapers</);
    expect(pageData(res.body).map((d) => d.queryKey)).toEqual([['knowledge', 'materials', null, { kind: 'whitepaper' }]]);

    const searched = await get('/knowledge-hub?q=ballast');
    expect(rootOf(searched.body)).toContain('Ballast cleaning');
    expect(rootOf(searched.body)).not.toContain('Rail grinding');
    // The list as searched, and the whole kind for the side panel's counts.
    expect(pageData(searched.body).map((d) => d.queryKey)).toEqual([
      ['knowledge', 'materials', null, { q: 'ballast', kind: 'article' }],
      ['knowledge', 'materials', null, { kind: 'article' }],
    ]);
  });

  it('shows a new material on the next request', async () => {
    expect((await get('/knowledge-hub')).body).not.toContain('Level crossing inspections');
    await addMaterial({ title: 'Level crossing inspections', abstract: 'What to look for.' });
    expect(rootOf((await get('/knowledge-hub')).body)).toContain('Level crossing inspections');
  });
});
