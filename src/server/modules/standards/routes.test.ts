import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clause, Section, SectionSummary, StandardDetail, StandardSummary } from '../../../shared/schemas/standards';
import { useTestApp } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { importBundledStandards } from './startup';

/** The bundled Canadian and EU folders (the 49 CFR one is loaded by loadBundledCorpus). */
const bundled = path.resolve(import.meta.dirname, '../../../../standards');
const otherJurisdictions = mkdtempSync(path.join(os.tmpdir(), 'trackside-standards-routes-'));
for (const folder of ['canada', 'eu-tsi']) cpSync(path.join(bundled, folder), path.join(otherJurisdictions, folder), { recursive: true });

/** A path segment as the web app writes it (encodeURIComponent: `/`, `,`, `"`, spaces; parentheses as they are). */
const segment = encodeURIComponent;

describe('/api/standards', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db);
    const log = { info: () => undefined, warn: (m: string) => expect.fail(m) };
    await importBundledStandards({ db: ctx().database.db, config: { standardsDir: otherJurisdictions, standardsAutofetch: false, ecfrBaseUrl: '' }, log });
  });
  afterAll(() => rmSync(otherJurisdictions, { recursive: true, force: true }));
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

  it('opens clause deep links whose code and ref hold slashes, commas, parentheses and quotes', async () => {
    const eu = 'EU TSI CCS (Decision 2012/88/EU)';
    const canada = 'CA Grade Crossings Regulations';
    for (const [code, ref] of [
      [eu, 'TSI CCS 4.2.1'],
      [canada, 'SOR/2014-275, s. 1(1) "Advisory Speed Tab sign"'],
      [canada, 'SOR/2014-275, s. 12'],
      ['CA Railway Safety Act', 'R.S.C., 1985, c. R-4.2, s. 11'],
      ['CA Transportation Safety Board Regulations (railway provisions)', 'SOR/2014-37, s. 1'],
    ] as const) {
      const res = await get(`/api/standards/${segment(code)}/clauses/${segment(ref)}`);
      expect(res.statusCode, `${code} ${ref}`).toBe(200);
      expect(res.json<Clause>()).toMatchObject({ standard: code, ref });
    }
    // The same links with the parentheses and commas left unencoded, as a person may type them.
    expect((await get(`/api/standards/EU%20TSI%20CCS%20(Decision%202012%2F88%2FEU)/clauses/TSI%20CCS%204.2.1`)).statusCode).toBe(200);
    expect((await get(`/api/standards/CA%20Grade%20Crossings%20Regulations/clauses/SOR%2F2014-275,%20s.%2012`)).statusCode).toBe(200);
    // A ref of one standard is not looked up in another.
    const elsewhere = await get(`/api/standards/${segment('EU TSI CCS (Decision 2012/88/EU)')}/clauses/${segment('SOR/2014-275, s. 12')}`);
    expect(elsewhere.json()).toMatchObject({ code: 'not_found', error: 'Clause SOR/2014-275, s. 12 is not in EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)' });
  });

  it('finds refs and sections stored with a space before a parenthesis, as well as those spelt without', async () => {
    const ohs = segment('CA On Board Trains Occupational Health and Safety Regulations');
    expect((await get(`/api/standards/${ohs}/clauses/${segment('SOR/87-184, Sch. I (Section 3.3)')}`)).json()).toMatchObject({ ref: 'SOR/87-184, Sch. I (Section 3.3)' });
    expect((await get(`/api/standards/${ohs}/sections/${segment('Sch. I (Section 3.3)')}`)).json()).toMatchObject({ section: 'Sch. I (Section 3.3)' });
    const definition = '222.9 "Alternative safety measures (ASM)"';
    expect((await get(`/api/standards/49%20CFR/clauses/${segment(definition)}`)).json()).toMatchObject({ ref: definition });
    const appliances = segment('CA Railway Safety Appliance Standards Regulations');
    expect((await get(`/api/standards/${appliances}/sections/${segment('Sch. I, s. 40')}`)).json<Section>().clauses[0]).toMatchObject({ ref: 'C.R.C., c. 1171, Sch. I, s. 40' });
  });

  it("describes one standard: its jurisdiction, clause count and documents with each one's edition and source", async () => {
    const eu = (await get(`/api/standards/${segment('EU TSI CCS (Decision 2012/88/EU)')}`)).json<StandardDetail>();
    expect(eu).toMatchObject({ code: 'EU TSI CCS (Decision 2012/88/EU)', jurisdiction: 'European Union', enabled: true, clauseCount: 132 });
    expect(eu.documents).toEqual([
      expect.objectContaining({ title: '2012/88/EU Annex', edition: expect.stringContaining('2012/88/EU'), source: expect.stringContaining('eur-lex.europa.eu'), clauseCount: 132 }),
    ]);
    const canada = (await get(`/api/standards/${segment('CA Grade Crossings Regulations')}`)).json<StandardDetail>();
    expect(canada.documents).toEqual([
      expect.objectContaining({ title: 'SOR/2014-275', disciplines: ['Signaling', 'Track and Civil'], source: expect.stringContaining('https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/') }),
    ]);
    const cfr = (await get('/api/standards/49%20CFR')).json<StandardDetail>();
    expect(cfr.documents.map((d) => d.title).slice(0, 3)).toEqual(['Part 213', 'Part 214', 'Part 217']);
    expect(cfr.documents.reduce((n, d) => n + d.clauseCount, 0)).toBe(cfr.clauseCount);
    expect(await get('/api/standards/Metro%20Trains%20Melbourne')).toMatchObject({ statusCode: 200 });
    expect((await get('/api/standards/Metro%20Trains%20Melbourne')).json()).toMatchObject({ enabled: false, clauseCount: 0, documents: [] });
    expect((await get('/api/standards/Nowhere')).statusCode).toBe(404);
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
