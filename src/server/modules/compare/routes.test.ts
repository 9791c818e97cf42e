import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { citationLabel } from '../../../shared/citation-label';
import { ErrorCode } from '../../../shared/errors';
import type { CompareResponse } from '../../../shared/schemas/compare';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { loadBundledFiles } from './test/library';

const GRADE_CROSSINGS = 'CA Grade Crossings Regulations';
const TSI = 'EU TSI CCS (Decision 2012/88/EU)';
const INSPECTION = 'how often the flashing lights, gates and bells of a grade crossing warning system must be inspected and tested';

describe('/api/compare', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  let user: TestUser;

  beforeAll(async () => {
    await loadBundledFiles(ctx().database.db, {
      '49-cfr': ['part-218.jsonl', 'part-234.jsonl'],
      canada: ['grade-crossings-regulations.jsonl'],
      'eu-tsi': ['tsi-ccs-2012-88.jsonl'],
    });
    user = await buildUser(ctx());
  }, 60_000);

  const compare = (payload: unknown, headers: Record<string, string> | null = user.headers) =>
    ctx().app.inject({ method: 'POST', url: '/api/compare', ...(headers ? { headers } : {}), payload: payload as object });

  it('gives one column per standard with the governing clauses, each quoted word for word from the library', async () => {
    const res = await compare({ topic: INSPECTION, standards: ['49 CFR', GRADE_CROSSINGS] });
    expect(res.statusCode).toBe(200);
    const body = res.json<CompareResponse>();
    expect(body.topic).toBe(INSPECTION);
    expect(body.columns.map((c) => c.standard)).toEqual(['49 CFR', GRADE_CROSSINGS]);
    for (const column of body.columns) {
      expect(column.status).toBe('provisions');
      expect(column.provisions.length).toBeGreaterThan(0);
      for (const p of column.provisions) {
        const clause = await ctx().app.inject({
          method: 'GET',
          url: `/api/standards/${encodeURIComponent(column.standard)}/clauses/${encodeURIComponent(p.ref)}`,
        });
        expect(clause.statusCode).toBe(200);
        expect(clause.json().text).toContain(p.quote);
        expect(clause.json().section).toBe(p.section);
        expect(clause.json().heading).toBe(p.heading);
      }
    }
    expect(body.columns[0]!.provisions.map((p) => p.section)).toContain('234.257');
    expect(body.columns[1]!.provisions.map((p) => p.section)).toContain('95');
  });

  it('says a standard that does not address the topic has no provision, citing nothing in its place', async () => {
    const res = await compare({ topic: 'blue-signal protection of workers on, under or between rolling equipment', standards: ['49 CFR', TSI] });
    expect(res.statusCode).toBe(200);
    const [cfr, tsi] = res.json<CompareResponse>().columns;
    expect(cfr).toMatchObject({ standard: '49 CFR', status: 'provisions' });
    expect(cfr!.provisions.map((p) => p.section)).toEqual(expect.arrayContaining(['218.23', '218.27']));
    expect(tsi).toEqual({ standard: TSI, status: 'none', provisions: [] });
  });

  it('takes standards by code or name, in any case, each once', async () => {
    const res = await compare({ topic: INSPECTION, standards: ['49 cfr', 'Grade Crossings Regulations (SOR/2014-275)', '49 CFR'] });
    expect(res.statusCode).toBe(200);
    expect(res.json<CompareResponse>().columns.map((c) => c.standard)).toEqual(['49 CFR', GRADE_CROSSINGS]);
  });

  it('refuses fewer than two standards, unknown ones and ones with no clauses with a 400 that says so', async () => {
    const one = await compare({ topic: INSPECTION, standards: ['49 CFR'] });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ code: ErrorCode.validationFailed, error: 'Choose at least two standards to compare' });

    const twiceTheSame = await compare({ topic: INSPECTION, standards: ['49 CFR', '49 cfr'] });
    expect(twiceTheSame.statusCode).toBe(400);
    expect(twiceTheSame.json().error).toBe('Choose at least two standards to compare');

    const unknown = await compare({ topic: INSPECTION, standards: ['49 CFR', 'AREMA Manual', 'Comparative Table'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.validationFailed, details: { unknown: ['AREMA Manual', 'Comparative Table'] } });
    expect(unknown.json().error).toContain('There are no standards called AREMA Manual, Comparative Table');

    const notLoaded = await compare({ topic: INSPECTION, standards: ['49 CFR', 'Eurocode'] });
    expect(notLoaded.statusCode).toBe(400);
    expect(notLoaded.json().error).toContain('Eurocode has no clauses in the library yet');

    const noTopic = await compare({ topic: '  ', standards: ['49 CFR', GRADE_CROSSINGS] });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().error).toBe('Name the topic to compare');

    const notAList = await compare({ topic: INSPECTION, standards: '49 CFR' });
    expect(notAList.statusCode).toBe(400);
  });

  it('answers 401 to a signed-out caller, before reading the body', async () => {
    const res = await compare({ topic: INSPECTION, standards: ['49 CFR', GRADE_CROSSINGS] }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.noAuthorization);
    const exported = await ctx().app.inject({ method: 'POST', url: '/api/compare/export?format=csv', payload: {} });
    expect(exported.statusCode).toBe(401);
  });

  describe('exports', () => {
    const exportAs = (format: string, payload: unknown = { topic: INSPECTION, standards: ['49 CFR', GRADE_CROSSINGS, TSI] }) =>
      ctx().app.inject({ method: 'POST', url: `/api/compare/export?format=${format}`, headers: user.headers, payload: payload as object });

    it('exports the comparison as a Word document with every quoted clause and its deep link', async () => {
      const res = await exportAs('docx');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(res.headers['content-disposition']).toBe('attachment; filename=comparison-how-often-the-flashing-lights-gates-and-bells-of-a-grade.docx');
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const documentXml = strFromU8(files['word/document.xml']!);
      const relations = strFromU8(files['word/_rels/document.xml.rels']!);
      const json = (await compare({ topic: INSPECTION, standards: ['49 CFR', GRADE_CROSSINGS, TSI] })).json<CompareResponse>();
      for (const column of json.columns) {
        // Each ref cited as its jurisdiction writes it (`49 CFR 234.257`, `SOR/2014-275, s. 95`).
        for (const p of column.provisions) expect(documentXml).toContain(citationLabel(column.standard, p.ref).replace(/&/g, '&amp;'));
        if (column.status === 'none') expect(documentXml).toContain(`No provision found in ${column.standard}`);
      }
      expect(relations).toContain('http://trackside.test/standards/49%20CFR/234.257');
    });

    it('exports the comparison as CSV: one line per quoted clause and per silent standard', async () => {
      const res = await exportAs('csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=comparison-how-often-.*\.csv$/);
      const text = res.body.replace(/^\uFEFF/, '');
      const [header, ...lines] = text.trim().split('\r\n');
      expect(header).toBe('Standard,Status,Kind,Reference,Section,Heading or parameter,Quote or value,Unit,Link');
      const json = (await compare({ topic: INSPECTION, standards: ['49 CFR', GRADE_CROSSINGS, TSI] })).json<CompareResponse>();
      const quoted = json.columns.reduce((n, c) => n + Math.max(c.provisions.length, 1), 0);
      expect(lines.length).toBeGreaterThanOrEqual(quoted);
      expect(text).toContain('http://trackside.test/standards/CA%20Grade%20Crossings%20Regulations/');
      expect(text).toContain('49 CFR,provisions,provision,49 CFR 234.257');
      expect(text).toContain('CA Grade Crossings Regulations,provisions,provision,"SOR/2014-275, s. ');
    });

    it('refuses an unknown format', async () => {
      const res = await exportAs('pdf');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('format must be docx or csv');
    });
  });
});
