import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerCoverageSchema, type ChatResponse, type Thread, type ThreadSummary } from '../../../shared/schemas/chat';
import { useTestApp } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { buildUser, type TestUser } from '../../test/factories';
import { extractiveAnswerProvider } from './answer-provider';
import { answerQuestion } from './extractive-answer';
import { insertThread } from './repository';
import { chatMessages } from './tables';

const ask = (body: Record<string, unknown>) => ({
  selectedStandard: '49 CFR',
  discipline: 'Track and Civil',
  chatContext: [],
  ...body,
});

describe('/api/chat', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db, ['213', '234']);
    user = await buildUser(ctx());
    other = await buildUser(ctx());
  });

  const post = (payload: unknown, headers = user.headers) => ctx().app.inject({ method: 'POST', url: '/api/chat', headers, payload: payload as object });
  const getThread = (id: string) => ctx().app.inject({ method: 'GET', url: `/api/chat/threads/${id}`, headers: user.headers });

  afterEach(() => vi.restoreAllMocks());

  it('answers with cited clauses that exist in the library', async () => {
    const res = await post(ask({ message: "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?" }));
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatResponse>();
    expect(body.citations.map((c) => c.ref)).toContain('213.115');
    expect(body.response).toContain('[49 CFR 213.115]');
    expect(body.response).toContain('**Clauses cited**');
    for (const citation of body.citations) {
      const clause = await ctx().app.inject({ method: 'GET', url: `/api/standards/49%20CFR/clauses/${encodeURIComponent(citation.ref)}` });
      expect(clause.statusCode).toBe(200);
      expect(clause.json().text).toContain(citation.excerpt.replace(/ …$/, '').slice(0, 40));
    }
    // Every bracketed citation in the text is one of the citations returned.
    const inText = [...body.response.matchAll(/\[49 CFR ([^\]]+)\]/g)].map((m) => m[1]);
    expect(inText.length).toBeGreaterThan(0);
    for (const ref of inText) expect(body.citations.map((c) => c.ref)).toContain(ref);
  });

  it('finds a clause whose reference is typed', async () => {
    const body = (await post(ask({ message: 'What does § 213.9 say about class 4?' }))).json<ChatResponse>();
    expect(body.citations.some((c) => c.ref.startsWith('213.9'))).toBe(true);
  });

  it('uses the chat context for a follow-up question', async () => {
    const first = "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?";
    const body = (
      await post(
        ask({
          message: 'and for class 5?',
          chatContext: [
            { role: 'user', content: first },
            { role: 'assistant', content: 'The mismatch…' },
          ],
        }),
      )
    ).json<ChatResponse>();
    expect(body.citations.map((c) => c.ref)).toContain('213.115');
  });

  it('says plainly when nothing in the standard covers the question, citing nothing', async () => {
    const body = (await post(ask({ message: 'Which colour should the staff canteen walls be painted?' }))).json<ChatResponse>();
    expect(body.response).toContain("I couldn't find a clause in 49 CFR");
    expect(body.citations).toEqual([]);
    expect(body.coverage).toMatchObject({ status: 'not_covered' });
  });

  it('gives the coverage of an answer and of a declined question, and keeps both with the thread', async () => {
    const answered = (
      await post(ask({ message: "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?" }))
    ).json<ChatResponse>();
    expect(answerCoverageSchema.parse(answered.coverage).status).not.toBe('not_covered');
    expect(answered.coverage.confidence).toBeGreaterThan(0);
    expect(answered.citations.length).toBeGreaterThan(0);

    const declined = (
      await post(ask({ message: 'Which colour should the staff canteen walls be painted?', threadId: answered.threadId }))
    ).json<ChatResponse>();
    expect(declined.coverage.status).toBe('not_covered');
    expect(declined.coverage.confidence).toBeLessThan(0.5);
    expect(declined.citations).toEqual([]);

    const thread = (await getThread(answered.threadId)).json<Thread>();
    expect(thread.messages.map((m) => m.coverage ?? null)).toEqual([null, answered.coverage, null, declined.coverage]);
  });

  it("passes the citations' paragraph pinpoints through, in the answer and the stored thread", async () => {
    vi.spyOn(extractiveAnswerProvider, 'answer').mockImplementation(async (db, input) => {
      const answer = await answerQuestion(db, input);
      return { ...answer, citations: answer.citations.map((c) => ({ ...c, pinpoint: `${c.ref}(a)` })) };
    });
    const body = (await post(ask({ message: 'What is the maximum speed for freight trains on class 3 track?' }))).json<ChatResponse>();
    expect(body.citations.length).toBeGreaterThan(0);
    for (const c of body.citations) expect(c.pinpoint).toBe(`${c.ref}(a)`);
    const thread = (await getThread(body.threadId)).json<Thread>();
    expect(thread.messages[1]!.citations).toEqual(body.citations);
  });

  it('cites the paragraph that holds the figure (213.9(a) for the class 3 freight speed)', async () => {
    const body = (await post(ask({ message: 'What is the maximum speed for freight trains on class 3 track?' }))).json<ChatResponse>();
    expect(body.response.split('\n')[0]).toContain('40 mph');
    expect(body.citations.find((c) => c.ref === '213.9')?.pinpoint).toBe('213.9(a)');
    expect(body.coverage.status).not.toBe('not_covered');
  });

  it('leaves pinpoint out of citations that have none', async () => {
    vi.spyOn(extractiveAnswerProvider, 'answer').mockImplementation(async (db, input) => {
      const answer = await answerQuestion(db, input);
      return { ...answer, citations: answer.citations.map((c) => ({ ...c, pinpoint: undefined })) };
    });
    const body = (await post(ask({ message: 'Minimum guard check gage at a frog on class 3 track?' }))).json<ChatResponse>();
    expect(body.citations.length).toBeGreaterThan(0);
    for (const c of body.citations) expect(c).not.toHaveProperty('pinpoint');
  });

  it('loads a conversation stored before answers kept their coverage', async () => {
    const { db } = ctx().database;
    const thread = await insertThread(db, { userId: user.id, title: 'Older question', standard: '49 CFR', discipline: 'Track and Civil' });
    const asked = new Date('2026-01-05T10:00:00Z');
    await db.insert(chatMessages).values([
      { threadId: thread.id, role: 'user', content: 'Older question', createdAt: asked },
      {
        threadId: thread.id,
        role: 'assistant',
        content: 'From 49 CFR: … [49 CFR 213.9]',
        citations: [{ standard: '49 CFR', ref: '213.9', heading: 'Classes of track: operating speed limits.', excerpt: '…' }],
        runId: '6f1c2d1e-8a53-4c39-9a0e-0c2a4b7b3b12',
        createdAt: new Date(asked.getTime() + 1),
      },
      // A malformed stored value reads as unknown coverage rather than failing the thread.
      { threadId: thread.id, role: 'assistant', content: 'Odd row', coverage: { status: 'sure' }, createdAt: new Date(asked.getTime() + 2) },
    ]);
    const res = await getThread(thread.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<Thread>();
    expect(body.messages.map((m) => m.coverage ?? null)).toEqual([null, null, null]);
    expect(body.messages[1]!.citations.map((c) => c.ref)).toEqual(['213.9']);
  });

  it('stores the exchange in a thread the user can list, reopen and delete', async () => {
    const body = (await post(ask({ message: 'How often does class 4 main track need a visual track inspection?' }))).json<ChatResponse>();
    const follow = (await post(ask({ message: 'And class 3?', threadId: body.threadId }))).json<ChatResponse>();
    expect(follow.threadId).toBe(body.threadId);

    const list = (await ctx().app.inject({ method: 'GET', url: '/api/chat/threads', headers: user.headers })).json<ThreadSummary[]>();
    expect(list.find((t) => t.id === body.threadId)?.title).toBe('How often does class 4 main track need a visual track inspection?');

    const thread = (await ctx().app.inject({ method: 'GET', url: `/api/chat/threads/${body.threadId}`, headers: user.headers })).json<Thread>();
    expect(thread.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(thread.messages[1]!.citations.length).toBeGreaterThan(0);
    expect(thread.messages[1]!.runId).toBe(body.runId);

    // Someone else's thread does not exist for them.
    expect((await ctx().app.inject({ method: 'GET', url: `/api/chat/threads/${body.threadId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await post(ask({ message: 'gage?', threadId: body.threadId }), other.headers)).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'DELETE', url: `/api/chat/threads/${body.threadId}`, headers: other.headers })).statusCode).toBe(404);

    expect((await ctx().app.inject({ method: 'DELETE', url: `/api/chat/threads/${body.threadId}`, headers: user.headers })).statusCode).toBe(204);
    expect((await ctx().app.inject({ method: 'GET', url: `/api/chat/threads/${body.threadId}`, headers: user.headers })).statusCode).toBe(404);
  });

  it('streams the same answer as Server-Sent Events', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: user.headers,
      payload: ask({ message: 'Minimum guard check gage at a frog on class 3 track?' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /event: (\w+)/.exec(block)?.[1], data: JSON.parse(/data: (.*)/.exec(block)?.[1] ?? 'null') }));
    const tokens = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    const done = events.find((e) => e.event === 'done')?.data as ChatResponse;
    expect(done.response).toBe(tokens);
    expect(done.citations.some((c) => c.ref.startsWith('213.143'))).toBe(true);
    expect(answerCoverageSchema.safeParse(done.coverage).success).toBe(true);
    expect(done.coverage.status).not.toBe('not_covered');
  });

  it("streams a declined question's not-covered coverage in the done event", async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: user.headers,
      payload: ask({ message: 'Which colour should the staff canteen walls be painted?' }),
    });
    const done = /event: done\ndata: (.*)/.exec(res.body)?.[1];
    expect(done).toBeDefined();
    const body = JSON.parse(done!) as ChatResponse;
    expect(body.coverage.status).toBe('not_covered');
    expect(body.citations).toEqual([]);
  });

  it('streams an error event for a standard that is not loaded', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: user.headers,
      payload: ask({ message: 'Rail wear limits?', selectedStandard: 'Metro Trains Melbourne' }),
    });
    expect(res.body).toContain('event: error');
    expect(res.body).toContain('standard_not_loaded');
  });

  it('answers 409 standard_not_loaded for a standard without clauses, by code or name', async () => {
    const res = await post(ask({ message: 'Rail wear limits?', selectedStandard: 'Metro Trains Melbourne' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'standard_not_loaded' });
    expect(res.json().error).toContain('Metro Trains Melbourne is coming soon');
    expect((await post(ask({ message: 'gage', selectedStandard: '49 CFR (US Federal Railroad Administration)' }))).statusCode).toBe(200);
    expect((await post(ask({ message: 'gage', selectedStandard: 'Nowhere Rail Code' }))).statusCode).toBe(404);
  });

  it.each([
    [{ message: '   ' }, 'Please enter your railway engineering question'],
    [{ message: 'x'.repeat(4001) }, 'Questions can be at most 4000 characters long'],
    [{ message: 'gage', discipline: 'Catering' }, 'Discipline must be one of'],
    [{ message: 'gage', threadId: 'not-a-uuid' }, ''],
  ])('rejects bad input %#', async (override, message) => {
    const res = await post(ask(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().error).toContain(message);
  });

  it('requires a signed-in user', async () => {
    for (const [method, url] of [
      ['POST', '/api/chat'],
      ['POST', '/api/chat/stream'],
      ['GET', '/api/chat/threads'],
      ['GET', '/api/chat/threads/6f1c2d1e-8a53-4c39-9a0e-0c2a4b7b3b11'],
      ['DELETE', '/api/chat/threads/6f1c2d1e-8a53-4c39-9a0e-0c2a4b7b3b11'],
    ] as const) {
      const res = await ctx().app.inject({ method, url, payload: method === 'POST' ? ask({ message: 'gage' }) : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('limits each user to 30 questions a minute', async () => {
    const limited = await buildUser(ctx());
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(ask({ message: '213.9' }), limited.headers)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user is not affected.
    expect((await post(ask({ message: '213.9' }), other.headers)).statusCode).toBe(200);
  });
});
