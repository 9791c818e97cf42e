import { beforeAll, describe, expect, it } from 'vitest';
import { COMPARATIVE_TABLE } from '../../../shared/constants';
import type { ChatResponse, Thread } from '../../../shared/schemas/chat';
import type { StandardSummary } from '../../../shared/schemas/standards';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { namedInQuestion } from './chat-answer';
import { loadBundledFiles } from './test/library';

const standard = (code: string, name: string, jurisdiction: string): StandardSummary => ({ code, name, jurisdiction, enabled: true, clauseCount: 10 });
const LIBRARY = [
  standard('49 CFR', '49 CFR (US Federal Railroad Administration)', 'United States'),
  standard('49 U.S.C.', '49 U.S.C. (US rail safety statutes, chapters 201–213)', 'United States'),
  standard('CA Grade Crossings Regulations', 'Grade Crossings Regulations (SOR/2014-275)', 'Canada'),
  standard('EU TSI CCS (Decision 2012/88/EU)', 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)', 'European Union'),
];

describe('namedInQuestion', () => {
  it('finds the standards a question names, by code, name or instrument, in the order it names them, and keeps the rest as the topic', () => {
    const found = namedInQuestion('How do the Grade Crossings Regulations and 49 CFR differ on warning system inspections?', LIBRARY);
    expect(found.named.map((s) => s.code)).toEqual(['CA Grade Crossings Regulations', '49 CFR']);
    expect(found.topic).toContain('warning system inspections');
    expect(found.topic).not.toMatch(/Grade Crossings|CFR|differ/);
    expect(namedInQuestion('SOR/2014-275 versus 49 U.S.C. on sightlines', LIBRARY).named.map((s) => s.code)).toEqual([
      'CA Grade Crossings Regulations',
      '49 U.S.C.',
    ]);
  });

  it('finds jurisdictions as written ("US", not the pronoun "us") and leaves no dangling connectors', () => {
    const found = namedInQuestion('Compare US and Canadian rules on reporting railway accidents', LIBRARY);
    expect(found.named).toEqual([]);
    expect(found.jurisdictions).toEqual(['United States', 'Canada']);
    expect(found.topic).toBe('reporting railway accidents');
    expect(namedInQuestion('tell us how often gates must be tested', LIBRARY).jurisdictions).toEqual([]);
    expect(namedInQuestion('EU requirements for on-board speed supervision', LIBRARY).jurisdictions).toEqual(['European Union']);
  });
});

describe('the chat with the Comparative Table', () => {
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

  const ask = (message: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: user.headers,
      payload: { message, selectedStandard: COMPARATIVE_TABLE, discipline: 'Signaling', chatContext: [] },
    });

  it('answers with a table across the standards the question names, every cell cited from the library and linked to it', async () => {
    const res = await ask(
      'How often must the flashing lights, gates and bells of grade crossing warning systems be inspected and tested in 49 CFR and the Grade Crossings Regulations?',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatResponse>();
    expect(body.response).toContain('| Standard | What it says |');
    expect(body.response).toContain('| 49 CFR | “');
    expect(body.response).toContain('| CA Grade Crossings Regulations | “');
    expect(body.response).toContain('[49 CFR 234.257');
    expect(body.response).toContain('Compared: the standards your question names.');
    expect(new Set(body.citations.map((c) => c.standard))).toEqual(new Set(['49 CFR', 'CA Grade Crossings Regulations']));
    expect(body.coverage.status).toBe('covered');
    for (const citation of body.citations) {
      const clause = await ctx().app.inject({
        method: 'GET',
        url: `/api/standards/${encodeURIComponent(citation.standard)}/clauses/${encodeURIComponent(citation.ref)}`,
      });
      expect(clause.statusCode).toBe(200);
      expect(clause.json().text).toContain(citation.excerpt);
    }
    // Each link in the table opens a clause of the library.
    const links = [...body.response.matchAll(/\]\(\/standards\/([^/)\s]+)\/([^)\s]+)\)/g)].map((m) => [decodeURIComponent(m[1]!), decodeURIComponent(m[2]!)]);
    expect(links.length).toBeGreaterThanOrEqual(body.citations.length);
    for (const [code, ref] of links) expect(body.citations.some((c) => c.standard === code && c.ref === ref)).toBe(true);
    // The exchange is kept in the user's thread under the Comparative Table.
    const thread = (await ctx().app.inject({ method: 'GET', url: `/api/chat/threads/${body.threadId}`, headers: user.headers })).json<Thread>();
    expect(thread.standard).toBe(COMPARATIVE_TABLE);
    expect(thread.messages.at(-1)?.content).toBe(body.response);
  });

  it('shows a named standard that is silent as such, and compares without naming any', async () => {
    const named = (
      await ask('blue signal protection of workers on rolling equipment in 49 CFR versus the EU TSI CCS (Decision 2012/88/EU)')
    ).json<ChatResponse>();
    expect(named.response).toContain('No provision found in EU TSI Control-Command and Signalling');
    expect(named.citations.every((c) => c.standard === '49 CFR')).toBe(true);

    const unnamed = (await ask('how often must flashing lights and gates at grade crossings be inspected and tested?')).json<ChatResponse>();
    expect(unnamed.response).toContain('Compared: the standards whose clauses speak most to your question');
    expect(new Set(unnamed.citations.map((c) => c.standard)).size).toBeGreaterThanOrEqual(2);
  });

  it('declines, citing nothing, when no standard addresses the question', async () => {
    const body = (await ask('Which colour should the staff canteen walls be painted?')).json<ChatResponse>();
    expect(body.response).toContain("I couldn't find clauses in the library's standards that address this");
    expect(body.citations).toEqual([]);
    expect(body.coverage.status).toBe('not_covered');
  });
});
