import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Section, SectionSummary, StandardSummary } from '../../../shared/schemas/standards';
import { useTestApp } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';

describe('/api/standards', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db);
  });
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  it('lists every standard with its clause count; only loaded ones are enabled', async () => {
    const list = (await get('/api/standards')).json<StandardSummary[]>();
    expect(list[0]).toMatchObject({ code: '49 CFR', enabled: true, clauseCount: 2991 });
    expect(list.find((s) => s.code === 'Metro Trains Melbourne')).toMatchObject({ enabled: false, clauseCount: 0 });
  });

  it('returns a clause by reference, in any common spelling', async () => {
    for (const ref of ['213.113(c)', '§ 213.113(c)', '213.113 (c)']) {
      const res = await get(`/api/standards/49%20CFR/clauses/${encodeURIComponent(ref)}`);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json()).toMatchObject({ standard: '49 CFR', ref: '213.113(c)', section: '213.113', heading: 'Defective rails.' });
    }
  });

  it('answers 404 for an unknown clause or standard', async () => {
    expect((await get('/api/standards/49%20CFR/clauses/999.99')).json()).toMatchObject({ code: 'not_found', error: 'Clause 999.99 is not in 49 CFR (US Federal Railroad Administration)' });
    expect((await get('/api/standards/Nowhere/clauses/1.1')).statusCode).toBe(404);
  });

  it('lists sections in document order and returns one with all its clauses', async () => {
    const sections = (await get('/api/standards/49%20CFR/sections')).json<SectionSummary[]>();
    const parts = [...new Set(sections.map((s) => s.document.title))];
    expect(parts).toEqual(['Part 213', 'Part 214', 'Part 217', 'Part 218', 'Part 220', 'Part 221', 'Part 222', 'Part 223', 'Part 225', 'Part 229', 'Part 232', 'Part 234', 'Part 236', 'Part 237']);
    expect(sections[0]).toMatchObject({ section: '213.1', heading: 'Scope of part.' });
    const section = (await get('/api/standards/49%20CFR/sections/213.53')).json<Section>();
    expect(section.clauses.map((c) => c.ref)).toEqual(['213.53']);
    expect(section.heading).toBe('Gage.');
    expect((await get('/api/standards/49%20CFR/sections/1.1')).statusCode).toBe(404);
  });

  it('sends the lists with an ETag (304 when unchanged), the table of contents compressed', async () => {
    for (const url of ['/api/standards', '/api/standards/49%20CFR/sections']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^"/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      const again = await ctx().app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    // The bundled library's: a quarter of a megabyte, a tenth of that sent.
    const plain = await get('/api/standards/49%20CFR/sections');
    const sections = await ctx().app.inject({ method: 'GET', url: '/api/standards/49%20CFR/sections', headers: { 'accept-encoding': 'gzip' } });
    expect(sections.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(sections.rawPayload).toString('utf8')).toBe(plain.body);
    expect(sections.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect((await get('/api/standards/Nowhere/sections')).statusCode).toBe(404);
  });
});
