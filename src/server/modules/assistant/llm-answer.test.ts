import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '../../../shared/schemas/chat';
import { createTestApp, type TestContext } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { buildUser, type TestUser } from '../../test/factories';
import type { RankedClause } from '../standards/search';
import { verifyCitations } from './citation-verifier';
import { answerQuestion, type AnswerInput } from './extractive-answer';
import { createGenerativeAnswerProvider, type LlmLogger } from './llm-answer';
import { resolveLoadedStandard } from './service';

/** What the fake model does with one request: an HTTP error, or these pieces of text streamed. */
type FakeReply = { status: number } | { chunks: string[] } | { hang: true; chunks: string[] };

interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

/** A local server speaking the OpenAI chat-completions protocol (streamed SSE, or plain JSON). */
class FakeLlm {
  readonly requests: ChatCompletionRequest[] = [];
  reply: (request: ChatCompletionRequest) => FakeReply = () => ({ chunks: ['Nothing.'] });
  private server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(raw) as ChatCompletionRequest;
    this.requests.push(body);
    const reply = this.reply(body);
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model unavailable', type: 'server_error' } }));
      return;
    }
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply.chunks.join('') }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    write({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const content of reply.chunks) {
      write({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
      await new Promise((r) => setTimeout(r, 2));
    }
    if ('hang' in reply) return; // never finishes: the client's deadline has to end it
    write({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    res.end('data: [DONE]\n\n');
  }
}

/** Citation labels `[49 CFR …]` in a text. */
const labelsIn = (text: string) => [...text.matchAll(/\[49 CFR ([^\]]+)\]/g)].map((m) => m[1]!);

/** The clause labels of the prompt's clause list, as the fake model reads them. */
const promptLabels = (request: ChatCompletionRequest) => labelsIn(request.messages.find((m) => m.role === 'user')!.content);

/** Splits a text into small pieces the way a model streams it. */
const asTokens = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

const silentLog = () => ({ warn: vi.fn<LlmLogger['warn']>(), info: vi.fn<LlmLogger['info']>() });

const FROG_QUESTION = 'Minimum guard check gage at a frog on class 3 track?';

describe('generative answer mode', () => {
  const llm = new FakeLlm();
  let ctx: TestContext;
  let user: TestUser;
  let baseUrl: string;
  let standardName: string;

  beforeAll(async () => {
    baseUrl = await llm.start();
    ctx = await createTestApp({ LLM_BASE_URL: baseUrl, LLM_API_KEY: 'test', LLM_MODEL: 'test-model', SIGNIN_RATE_LIMIT: '1000' });
    await loadBundledCorpus(ctx.database.db, ['213']);
    user = await buildUser(ctx);
    standardName = (await resolveLoadedStandard(ctx.database.db, '49 CFR')).name;
  });

  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await llm.close();
  });

  beforeEach(() => {
    llm.requests.length = 0;
  });

  const input = (question: string): AnswerInput => ({ standardCode: '49 CFR', standardName, question, discipline: 'Track and Civil', context: [] });
  const ask = (message: string, url = '/api/chat') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { message, selectedStandard: '49 CFR', discipline: 'Track and Civil', chatContext: [] },
    });

  it('is chosen when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set', () => {
    expect(ctx.config.llm).toEqual({ baseUrl, apiKey: 'test', model: 'test-model', timeoutMs: 60_000 });
  });

  it('keeps a citation of a retrieved clause and lists it', async () => {
    llm.reply = (req) => {
      const first = promptLabels(req)[0]!;
      return { chunks: asTokens(`The guard check gage must be at least the figure in the table [49 CFR ${first}].`) };
    };
    const res = await ask(FROG_QUESTION);
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatResponse>();
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('test-model');
    expect(llm.requests[0]!.stream).toBe(true);

    const cited = promptLabels(llm.requests[0]!)[0]!;
    expect(body.response).toContain(`The guard check gage must be at least the figure in the table [49 CFR ${cited}].`);
    expect(body.response).toContain('**Clauses cited**');
    expect(body.response).not.toContain('Note:');
    expect(body.citations.map((c) => c.ref)).toEqual([cited]);
    expect(body.citations[0]!.standard).toBe('49 CFR');
    expect(body.citations[0]!.heading.length).toBeGreaterThan(0);
    expect(body.citations[0]!.excerpt.length).toBeGreaterThan(0);
  });

  it('gives the model only the retrieved clauses, each under its exact label, and the instructions', async () => {
    llm.reply = () => ({ chunks: ['No.'] });
    await ask(FROG_QUESTION);
    const expected = await answerQuestion(ctx.database.db, input(FROG_QUESTION));
    const request = llm.requests[0]!;
    const [system, userMessage] = request.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Use ONLY the clauses');
    expect(system!.content).toContain(`I couldn't find a clause in ${standardName} that addresses this`);
    expect(userMessage!.content).toContain(FROG_QUESTION);

    const retrievedRefs = expected.retrieved.map((c) => c.ref);
    expect(retrievedRefs).toContain('213.143');
    // Every clause label anywhere in the prompt is a retrieved clause, and every retrieved clause is there.
    const everyLabel = request.messages.flatMap((m) => labelsIn(m.content));
    for (const ref of everyLabel) expect(retrievedRefs).toContain(ref);
    expect(new Set(promptLabels(request))).toEqual(new Set(retrievedRefs));
    for (const clause of expected.retrieved) expect(userMessage!.content).toContain(clause.text.slice(0, 80));
    // A clause that was not retrieved is not shown.
    expect(retrievedRefs).not.toContain('213.1');
    expect(userMessage!.content).not.toContain('This part prescribes minimum safety requirements for railroad track');
  });

  it('removes an invented citation, says so, and never returns a citation outside the library', async () => {
    llm.reply = (req) => {
      const first = promptLabels(req)[0]!;
      return { chunks: asTokens(`Guard check gage is limited by class [49 CFR ${first}]. Frogs must also be painted blue [49 CFR 213.999].`) };
    };
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(body.response).not.toContain('[49 CFR 213.999]');
    expect(body.response).toContain('Frogs must also be painted blue.');
    expect(body.response).toContain('Note: 1 citation that did not match a retrieved clause was removed: 213.999.');
    expect(body.citations.map((c) => c.ref)).not.toContain('213.999');
    for (const citation of body.citations) {
      const clause = await ctx.app.inject({ method: 'GET', url: `/api/standards/49%20CFR/clauses/${encodeURIComponent(citation.ref)}` });
      expect(clause.statusCode).toBe(200);
    }
    for (const ref of labelsIn(body.response)) expect(body.citations.map((c) => c.ref)).toContain(ref);
  });

  it('removes a citation of a real clause that was not retrieved', async () => {
    llm.reply = (req) => {
      const first = promptLabels(req)[0]!;
      return { chunks: asTokens(`See the table [49 CFR ${first}] and the scope [49 CFR 213.1].`) };
    };
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(body.response).not.toContain('[49 CFR 213.1]');
    expect(body.response).toContain('Note: 1 citation that did not match a retrieved clause was removed: 213.1.');
    expect(body.citations.map((c) => c.ref)).not.toContain('213.1');
  });

  it('falls back to the extractive answer when the model cites nothing valid', async () => {
    llm.reply = () => ({ chunks: asTokens('Frogs must be painted blue [49 CFR 213.999]. Also see [AREMA 5.1].') });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    const extractive = await answerQuestion(ctx.database.db, input(FROG_QUESTION));
    expect(body.response).toBe(extractive.response);
    expect(body.response).not.toContain('213.999');
    expect(body.citations.map((c) => c.ref)).toEqual(extractive.citations.map((c) => c.ref));
  });

  it('does not ask the model when nothing in the standard covers the question', async () => {
    const body = (await ask('Which colour should the staff canteen walls be painted?')).json<ChatResponse>();
    expect(llm.requests).toHaveLength(0);
    expect(body.response).toContain(`I couldn't find a clause in ${standardName} that addresses this.`);
    expect(body.citations).toEqual([]);
  });

  it('falls back to the extractive answer when the model fails (500)', async () => {
    llm.reply = () => ({ status: 500 });
    const res = await ask(FROG_QUESTION);
    expect(res.statusCode).toBe(200);
    expect(llm.requests.length).toBeGreaterThanOrEqual(1);
    const body = res.json<ChatResponse>();
    const extractive = await answerQuestion(ctx.database.db, input(FROG_QUESTION));
    expect(body.response).toBe(extractive.response);
    expect(body.citations.map((c) => c.ref)).toContain('213.143');
  });

  it('streams the model tokens as they arrive, then the verified answer in done', async () => {
    let pieces: string[] = [];
    llm.reply = (req) => {
      const first = promptLabels(req)[0]!;
      pieces = asTokens(`The guard check gage depends on the track class [49 CFR ${first}]; see also [49 CFR 213.999].`);
      return { chunks: pieces };
    };
    const res = await ask(FROG_QUESTION, '/api/chat/stream');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /event: (\w+)/.exec(block)?.[1], data: JSON.parse(/data: (.*)/.exec(block)?.[1] ?? 'null') }));
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text as string);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens).toEqual(pieces);
    expect(events.at(-1)?.event).toBe('done');
    const done = events.at(-1)!.data as ChatResponse;
    // Verification changed the text: the invented citation is gone from the final answer.
    expect(tokens.join('')).toContain('[49 CFR 213.999]');
    expect(done.response).not.toContain('[49 CFR 213.999]');
    expect(done.response).toContain('Note: 1 citation that did not match a retrieved clause was removed: 213.999.');
    expect(done.citations.length).toBe(1);
    expect(done.threadId).toBeTruthy();

    // The stored reply is the verified one.
    const thread = (await ctx.app.inject({ method: 'GET', url: `/api/chat/threads/${done.threadId}`, headers: user.headers })).json<{ messages: { content: string }[] }>();
    expect(thread.messages[1]!.content).toBe(done.response);
  });

  it('streams the extractive answer in pieces when the model fails', async () => {
    llm.reply = () => ({ status: 503 });
    const res = await ask(FROG_QUESTION, '/api/chat/stream');
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /event: (\w+)/.exec(block)?.[1], data: JSON.parse(/data: (.*)/.exec(block)?.[1] ?? 'null') }));
    const done = events.find((e) => e.event === 'done')?.data as ChatResponse;
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text).join('')).toBe(done.response);
    expect(done.citations.some((c) => c.ref.startsWith('213.143'))).toBe(true);
  });

  describe('provider', () => {
    const settings = () => ({ baseUrl, apiKey: 'test', model: 'test-model', timeoutMs: 60_000 });

    it('logs a warning and answers extractively when the server cannot be reached', async () => {
      const log = silentLog();
      const provider = createGenerativeAnswerProvider({ ...settings(), baseUrl: 'http://127.0.0.1:9/v1' }, log, { maxRetries: 0 });
      const answer = await provider.answer(ctx.database.db, input(FROG_QUESTION));
      expect(answer.response).toBe((await answerQuestion(ctx.database.db, input(FROG_QUESTION))).response);
      expect(log.warn).toHaveBeenCalledTimes(1);
    });

    it('gives up on a model that stops sending, at the deadline, and answers extractively', async () => {
      llm.reply = () => ({ hang: true, chunks: ['The guard ', 'check gage '] });
      const log = silentLog();
      const tokens: string[] = [];
      const provider = createGenerativeAnswerProvider({ ...settings(), timeoutMs: 300 }, log, { maxRetries: 0 });
      const answer = await provider.answer(ctx.database.db, input(FROG_QUESTION), { onToken: (t) => tokens.push(t) });
      expect(tokens).toEqual(['The guard ', 'check gage ']);
      expect(answer.citations.map((c) => c.ref)).toContain('213.143');
      expect(answer.response).toBe((await answerQuestion(ctx.database.db, input(FROG_QUESTION))).response);
      expect(log.warn).toHaveBeenCalledTimes(1);
    });

    it('stops generating when the client goes away', async () => {
      llm.reply = () => ({ hang: true, chunks: ['The guard ', 'check gage '] });
      const log = silentLog();
      const gone = new AbortController();
      const provider = createGenerativeAnswerProvider(settings(), log, { maxRetries: 0 });
      const started = Date.now();
      const answer = await provider.answer(ctx.database.db, input(FROG_QUESTION), { onToken: () => gone.abort(), signal: gone.signal });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(answer.citations.map((c) => c.ref)).toContain('213.143');
      expect(log.warn).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledWith(expect.anything(), 'generative answer stopped: the client went away');
    });

    it('passes earlier questions of the conversation to the model, without earlier answers', async () => {
      llm.reply = () => ({ chunks: ['No.'] });
      const provider = createGenerativeAnswerProvider(settings(), silentLog(), { maxRetries: 0 });
      const first = "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?";
      await provider.answer(ctx.database.db, {
        ...input('and for class 5?'),
        context: [
          { role: 'user', content: first },
          { role: 'assistant', content: 'It is 1/8 inch [49 CFR 213.777].' },
        ],
      });
      const prompt = llm.requests[0]!.messages[1]!.content;
      expect(prompt).toContain(first);
      expect(prompt).not.toContain('213.777');
      expect(promptLabels(llm.requests[0]!)).toContain('213.115');
    });
  });
});

describe('verifyCitations', () => {
  const clause = (ref: string): RankedClause => ({
    id: ref,
    standardCode: '49 CFR',
    ref,
    section: ref.replace(/\(.*$/, ''),
    heading: `Heading of ${ref}`,
    subpart: null,
    text: `Text of ${ref}.`,
    discipline: null,
    documentTitle: 'Part 213',
    edition: 'test',
    score: 10,
  });
  const retrieved = [clause('213.53'), clause('213.143'), clause('213.9(a)')];

  it('keeps exact labels and rewrites variants to the exact label', () => {
    const out = verifyCitations('A [49 CFR 213.53]. B [§ 213.143]. C [49 C.F.R. 213.9 (a)]. D [213.53(b)(1)].', '49 CFR', retrieved);
    expect(out.text).toBe('A [49 CFR 213.53]. B [49 CFR 213.143]. C [49 CFR 213.9(a)]. D [49 CFR 213.53].');
    expect(out.cited.map((c) => c.ref)).toEqual(['213.53', '213.143', '213.9(a)']);
    expect(out.removed).toEqual([]);
  });

  it('splits groups and removes the references that were not retrieved', () => {
    const out = verifyCitations('Limits apply [49 CFR 213.53; 49 CFR 213.999, 213.143]. Other [49 CFR 213.9] [AREMA 5.1].', '49 CFR', retrieved);
    expect(out.text).toBe('Limits apply [49 CFR 213.53] [49 CFR 213.143]. Other.');
    expect(out.removed).toEqual(['213.999', '213.9', 'AREMA 5.1']);
  });

  it('leaves brackets that are not citations alone', () => {
    const text = 'See [the table](https://example.com/213.53) and [sic] and [1] and - [x] done.';
    expect(verifyCitations(text, '49 CFR', retrieved)).toEqual({ text, cited: [], removed: [] });
  });
});
