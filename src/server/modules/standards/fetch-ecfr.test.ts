import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { EcfrUnreachableError, fetchEcfr } from './fetch-ecfr';
import { listDocuments } from './service';

const partXml = (part: string) => readFileSync(path.join(import.meta.dirname, 'importers', 'fixtures', 'part-999.xml'), 'utf8').replaceAll('999', part);

/** A stand-in for the eCFR versioner API on 127.0.0.1. */
function startEcfr(options: { upToDate: string; parts: string[] }) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/versioner/v1/titles.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ titles: [{ number: 48 }, { number: 49, up_to_date_as_of: options.upToDate }] }));
      return;
    }
    const match = /^\/api\/versioner\/v1\/full\/(\d{4}-\d{2}-\d{2})\/title-49\.xml$/.exec(url.pathname);
    const part = url.searchParams.get('part') ?? '';
    if (match && options.parts.includes(part)) {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(partXml(part));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  return {
    requests,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fetchEcfr', () => {
  const ctx = useTestApp();
  const ecfr = startEcfr({ upToDate: '2026-09-01', parts: ['213', '237'] });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await ecfr.listen();
  });
  afterAll(() => ecfr.close());

  it('downloads parts at the latest date, imports them with their disciplines, and reports a missing part', async () => {
    const outcomes: string[] = [];
    const { date, outcomes: result } = await fetchEcfr(ctx().database.db, {
      parts: ['213', '237', '236'],
      baseUrl,
      onPart: (o) => outcomes.push(o.part),
    });
    expect(date).toBe('2026-09-01');
    expect(outcomes).toEqual(['213', '237', '236']);
    expect(ecfr.requests).toEqual([
      '/api/versioner/v1/titles.json',
      '/api/versioner/v1/full/2026-09-01/title-49.xml?part=213',
      '/api/versioner/v1/full/2026-09-01/title-49.xml?part=237',
      '/api/versioner/v1/full/2026-09-01/title-49.xml?part=236',
    ]);
    expect(result[0]?.results).toEqual([{ title: 'Part 213', edition: 'eCFR XML, up to date as of 2026-09-01', clauses: 7, status: 'imported', otherEditions: [] }]);
    expect(result[2]).toMatchObject({ part: '236', results: [], error: 'HTTP 404 Not Found' });
    const documents = await listDocuments(ctx().database.db);
    expect(documents.map((d) => [d.standard, d.title, d.disciplines, d.clauseCount])).toEqual([
      ['49 CFR', 'Part 213', ['Track and Civil'], 7],
      ['49 CFR', 'Part 237', ['Structures'], 7],
    ]);

    // The same date again: nothing is downloaded, nothing changes.
    ecfr.requests.length = 0;
    const again = await fetchEcfr(ctx().database.db, { parts: ['213'], baseUrl, date: '2026-09-01' });
    expect(ecfr.requests).toEqual([]);
    expect(again.outcomes[0]).toMatchObject({ skipped: true, results: [{ status: 'unchanged' }] });
  });

  it('throws EcfrUnreachableError when nothing answers', async () => {
    const closed = startEcfr({ upToDate: '2026-09-01', parts: [] });
    const url = await closed.listen();
    await closed.close();
    await expect(fetchEcfr(ctx().database.db, { parts: ['213'], baseUrl: url })).rejects.toBeInstanceOf(EcfrUnreachableError);
  });

  it('uses an injected fetch and falls back to today when titles.json fails', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      const url = String(input);
      seen.push(url);
      if (url.endsWith('titles.json')) return new Response('oops', { status: 500 });
      return new Response('<DIV5 TYPE="PART" N="220"><DIV8 TYPE="SECTION" N="220.1"><HEAD>§ 220.1 Scope.</HEAD><P>(a) Radio rules.</P></DIV8></DIV5>');
    }) as typeof fetch;
    const { date, outcomes } = await fetchEcfr(ctx().database.db, { parts: ['220'], baseUrl: 'https://ecfr.example', fetch: fakeFetch });
    expect(date).toBe(new Date().toISOString().slice(0, 10));
    expect(seen[1]).toBe(`https://ecfr.example/api/versioner/v1/full/${date}/title-49.xml?part=220`);
    expect(outcomes[0]?.results[0]).toMatchObject({ title: 'Part 220', clauses: 1, status: 'imported' });
  });
});
