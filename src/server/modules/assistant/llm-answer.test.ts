import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '../../../shared/schemas/chat';
import { createTestApp, type TestContext } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { buildUser, type TestUser } from '../../test/factories';
import { FakeLlm, type ChatCompletionRequest } from '../../test/fake-llm';
import type { RankedClause } from '../standards/search';
import { verifyCitations } from './citation-verifier';
import { answerQuestion, type Answer, type AnswerInput } from './extractive-answer';
import { buildPrompt, createGenerativeAnswerProvider, finishGenerativeAnswer, type LlmLogger } from './llm-answer';
import { checkQuotedSentences, normaliseForQuote, quoteFoundInClause, removedSentencesNote, splitIntoSentences } from './quote-check';
import { resolveLoadedStandard } from './service';

/** Citation labels `[49 CFR …]` in a text. */
const labelsIn = (text: string) => [...text.matchAll(/\[49 CFR ([^\]]+)\]/g)].map((m) => m[1]!);

/** The clause labels of the prompt's clause list, as the fake model reads them. */
const promptLabels = (request: ChatCompletionRequest) => labelsIn(request.messages.find((m) => m.role === 'user')!.content);

/** Splits a text into small pieces the way a model streams it. */
const asTokens = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

const silentLog = () => ({ warn: vi.fn<LlmLogger['warn']>(), info: vi.fn<LlmLogger['info']>() });

const FROG_QUESTION = 'Minimum guard check gage at a frog on class 3 track?';
/** A claim about 213.143 (retrieved for FROG_QUESTION) with a row of its table quoted word for word. */
const FROG_CLAIM = 'On Class 1 track the guard check gage may not be less than 4′6 1/8″: "Class 1 track | 4′6 1/8″ | 4′5 1/4″" [49 CFR 213.143].';
const OUT_OF_LIBRARY_QUESTION = 'What contact wire height do we need for 25 kV overhead line equipment over a level crossing?';

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

  it('keeps an answer whose quotes are all found in the clauses they cite, and lists those clauses', async () => {
    const second =
      'With a heavy-point frog on Class 5 track it may go down to 4′6 3/8″: "the guard check gage may be less than 4′6 1/2″ but not be less than 4′6 3/8″" [49 CFR 213.143(b)].';
    llm.reply = () => ({ chunks: asTokens(`- ${FROG_CLAIM}\n- ${second}`) });
    const res = await ask(FROG_QUESTION);
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatResponse>();
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('test-model');
    expect(llm.requests[0]!.stream).toBe(true);

    expect(body.response).toContain(`- ${FROG_CLAIM}\n- ${second.replace('213.143(b)', '213.143')}`);
    expect(body.response).toContain('**Clauses cited**');
    expect(body.response).not.toContain('Note:');
    expect(body.citations.map((c) => c.ref)).toEqual(['213.143']);
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
    expect(system!.content).toContain('a short quote copied word for word from the clause that supports it, in double quotes');
    expect(system!.content).not.toContain('does not address');
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

  it('removes a sentence whose only citation is invented, says so, and never returns a citation outside the library', async () => {
    llm.reply = () => ({ chunks: asTokens(`${FROG_CLAIM} Frogs must also be painted blue: "painted blue" [49 CFR 213.999].`) });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(body.response).toContain(FROG_CLAIM);
    expect(body.response).not.toContain('painted blue');
    expect(body.response).toContain('Note: 1 sentence was removed because it cites no retrieved clause.');
    expect(body.response).toContain('Note: 1 citation that did not match a retrieved clause was removed: 213.999.');
    expect(body.citations.map((c) => c.ref)).not.toContain('213.999');
    for (const citation of body.citations) {
      const clause = await ctx.app.inject({ method: 'GET', url: `/api/standards/49%20CFR/clauses/${encodeURIComponent(citation.ref)}` });
      expect(clause.statusCode).toBe(200);
    }
    for (const ref of labelsIn(body.response)) expect(body.citations.map((c) => c.ref)).toContain(ref);
  });

  it('removes a citation of a real clause that was not retrieved', async () => {
    llm.reply = () => ({ chunks: asTokens(FROG_CLAIM.replace('].', '] [49 CFR 213.1].')) });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(body.response).toContain(FROG_CLAIM);
    expect(body.response).not.toContain('[49 CFR 213.1]');
    expect(body.response).toContain('Note: 1 citation that did not match a retrieved clause was removed: 213.1.');
    expect(body.citations.map((c) => c.ref)).toEqual(['213.143']);
  });

  it('removes a sentence that cites a retrieved clause for words that clause does not contain, and says so', async () => {
    // 213.137 is retrieved too, but the quoted row is 213.143's.
    const misattributed = 'Frogs on Class 1 track need a guard face gage of at most 4′5 1/4″: "Class 1 track | 4′6 1/8″ | 4′5 1/4″" [49 CFR 213.137].';
    const paraphrased = 'Guard rails must be kept tight: "guard rails shall be kept tight at all times" [49 CFR 213.143].';
    llm.reply = () => ({ chunks: asTokens(`${FROG_CLAIM} ${misattributed} ${paraphrased}`) });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(llm.requests[0]!.messages[1]!.content).toContain('[49 CFR 213.137]');
    expect(body.response).toContain(FROG_CLAIM);
    expect(body.response).not.toContain('guard face gage of at most');
    expect(body.response).not.toContain('kept tight');
    expect(body.response).toContain('Note: 2 sentences were removed because their quotes were not found in the clauses they cite.');
    expect(body.citations.map((c) => c.ref)).toEqual(['213.143']);
    expect(labelsIn(body.response.split('**Clauses cited**')[0]!)).toEqual(['213.143']);
  });

  it('removes a sentence without a citation, and one with a citation but no quote', async () => {
    llm.reply = () => ({ chunks: asTokens(`${FROG_CLAIM}\n\nFrogs should be inspected regularly. Guard rails matter [49 CFR 213.143].`) });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    expect(body.response).toContain(FROG_CLAIM);
    expect(body.response).not.toContain('inspected regularly');
    expect(body.response).not.toContain('Guard rails matter');
    expect(body.response).toContain(
      'Note: 2 sentences were removed: 1 because it quotes nothing from the clause it cites; 1 because it cites no retrieved clause.',
    );
  });

  it('lists only the clauses that back a kept sentence', async () => {
    const unsupported = 'Frogs may be welded: "frogs may be welded" [49 CFR 213.137].';
    llm.reply = () => ({ chunks: asTokens(`${FROG_CLAIM.replace('].', '] [49 CFR 213.141].')} ${unsupported}`) });
    const body = (await ask(FROG_QUESTION)).json<ChatResponse>();
    // 213.141 was cited beside 213.143 but the quote is 213.143's; 213.137 backs only a removed sentence.
    expect(body.response).toContain(FROG_CLAIM);
    expect(body.response).not.toContain('213.141');
    expect(body.response).not.toContain('213.137');
    expect(body.citations.map((c) => c.ref)).toEqual(['213.143']);
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
    expect(body.response).toContain(`I couldn't find a clause in ${standardName} that addresses`);
    expect(body.citations).toEqual([]);
  });

  it('decides coverage before the model: a question outside the library makes no model request', async () => {
    llm.reply = () => ({ chunks: asTokens(FROG_CLAIM) });
    const body = (await ask(OUT_OF_LIBRARY_QUESTION)).json<ChatResponse>();
    expect(llm.requests).toHaveLength(0);
    expect(body.coverage.status).toBe('not_covered');
    expect(body.response).toBe((await answerQuestion(ctx.database.db, input(OUT_OF_LIBRARY_QUESTION))).response);
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
      pieces = asTokens(`${FROG_CLAIM.replace('].', `] [49 CFR 213.999].`)} The gage depends on the track class [49 CFR ${first}].`);
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
    expect(done.response).toContain('Note: 1 sentence was removed because it quotes nothing from the clause it cites.');
    expect(done.response).not.toContain('depends on the track class');
    expect(done.citations.map((c) => c.ref)).toEqual(['213.143']);
    expect(done.threadId).toBeTruthy();

    // The stored reply is the verified one.
    const thread = (await ctx.app.inject({ method: 'GET', url: `/api/chat/threads/${done.threadId}`, headers: user.headers })).json<{
      messages: { content: string }[];
    }>();
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
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(done.response);
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
    disciplines: [],
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

/** A retrieved clause of 49 CFR for the checks below. */
const rankedClause = (ref: string, text: string, heading = `Heading of ${ref}`): RankedClause => ({
  id: ref,
  standardCode: '49 CFR',
  ref,
  section: ref.replace(/\(.*$/, ''),
  heading,
  subpart: null,
  text,
  disciplines: [],
  documentTitle: 'Part 213',
  edition: 'test',
  score: 10,
});

const SPEEDS = rankedClause(
  '213.9',
  '(a) the following maximum allowable operating speeds apply\u2014\n[IN MILES PER HOUR]\nExcepted track | 10 | N/A\nClass 1 track | 10 | 15\nClass 3 track | 40 | 60\nClass 4 track | 60 | 80',
  'Classes of track: operating speed limits.',
);
const GAGES = rankedClause(
  '213.143',
  '(a) The guard check and guard face gages in frogs shall be within the following limits\u2014\nClass 1 track | 4\u20326 1/8\u2033 | 4\u20325 1/4\u2033\n\u00b9 A line along that side of the flangeway which is nearer to the center of the track.\n(b) For any heavy-point frog (HPF) on Class 5 track, the guard check gage may be less than 4\u20326 1/2\u2033 but not be less than 4\u20326 3/8\u2033, provided that:',
  'Frog guard rails and guard faces; gage.',
);

describe('buildPrompt', () => {
  const promptInput: AnswerInput = {
    standardCode: '49 CFR',
    standardName: 'Title 49 CFR',
    question: 'Class 3 freight speed under ETCS Level 2 with BIM?',
    context: [],
  };

  it('names the concepts the library does not cover when the question is partly covered', () => {
    const [system] = buildPrompt(promptInput, [SPEEDS], { status: 'partial', uncovered: ['ETCS', 'BIM'] });
    expect(system!.content).toContain('The given clauses do not address: ETCS; BIM.');
    expect(system!.content).toContain('"Title 49 CFR does not address ETCS or BIM."');
  });

  it('says nothing of uncovered concepts when the question is covered', () => {
    for (const coverage of [undefined, { status: 'covered' as const, uncovered: [] }]) {
      const [system] = buildPrompt(promptInput, [SPEEDS], coverage);
      expect(system!.content).not.toContain('does not address');
    }
  });

  it('shows the quote-and-label form with a retrieved clause', () => {
    const [system] = buildPrompt(promptInput, [SPEEDS]);
    expect(system!.content).toContain('<statement>: "<words copied from the clause>" [49 CFR 213.9].');
  });
});

describe('finishGenerativeAnswer', () => {
  const finishInput: AnswerInput = { standardCode: '49 CFR', standardName: 'Title 49 CFR', question: 'Class 3 freight speed under ETCS Level 2?', context: [] };
  const extractive = (coverage: Answer['coverage']): Answer => ({
    response: 'extractive',
    citations: [],
    retrieved: [SPEEDS, GAGES],
    coverage,
    ranked: [],
  });
  const claim = 'Freight trains may run at 40 mph on Class 3 track: "Class 3 track | 40 | 60" [49 CFR 213.9].';

  it('keeps the sentence that says what the library does not address, and the extractive coverage', () => {
    const coverage = { status: 'partial' as const, confidence: 0.45, uncovered: ['ETCS'] };
    const finished = finishGenerativeAnswer(`${claim}\n\nTitle 49 CFR does not address ETCS.`, finishInput, extractive(coverage))!;
    expect(finished.answer.response).toContain(`${claim}\n\nTitle 49 CFR does not address ETCS.`);
    expect(finished.answer.response).not.toContain('Note:');
    expect(finished.answer.coverage).toEqual(coverage);
    expect(finished.answer.citations.map((c) => c.ref)).toEqual(['213.9']);
  });

  it('removes an uncited "does not address" sentence when the question is covered', () => {
    const finished = finishGenerativeAnswer(
      `${claim} Title 49 CFR does not address ETCS.`,
      finishInput,
      extractive({ status: 'covered', confidence: 1, uncovered: [] }),
    )!;
    expect(finished.answer.response).not.toContain('does not address');
    expect(finished.removedSentences.map((r) => r.reason)).toEqual(['no-citation']);
  });

  it('returns null when no sentence holds up, even with a "does not address" sentence', () => {
    const coverage = { status: 'partial' as const, confidence: 0.45, uncovered: ['ETCS'] };
    expect(
      finishGenerativeAnswer('Title 49 CFR does not address ETCS. Speeds are "up to 90 mph" [49 CFR 213.9].', finishInput, extractive(coverage)),
    ).toBeNull();
  });
});

describe('quote check', () => {
  const check = (text: string, uncovered: string[] = []) => checkQuotedSentences(text, { standardCode: '49 CFR', retrieved: [SPEEDS, GAGES], uncovered });

  it('forgives case, spacing, quote marks, primes, dashes, cell bars and footnote marks, but not wording', () => {
    expect(normaliseForQuote('Class 3 track | 40 | 60\nClass 4')).toBe('class 3 track 40 60 class 4');
    expect(normaliseForQuote('apply\u2014 4\u20326 1/8\u2033 \u201cX\u201d it\u2019s guard line \u00b9 of')).toBe('apply-4\'6 1/8" "x" it\'s guard line of');
    for (const quote of [
      'Class 3 track | 40 | 60',
      'class 3 track|40|60',
      'CLASS 3 TRACK 40 60',
      'Class 3 track \\| 40 \\| 60.',
      'speeds apply - [IN MILES PER HOUR]',
      'Classes of track: operating speed limits',
    ]) {
      expect(quoteFoundInClause(quote, SPEEDS), quote).toBe(true);
    }
    expect(quoteFoundInClause('Class 1 track | 4\'6 1/8" | 4\'5 1/4"', GAGES)).toBe(true);
    expect(quoteFoundInClause('a line along that side of the flangeway', GAGES)).toBe(true);
    expect(quoteFoundInClause('may be less than 4′6 1/2″ … not be less than 4′6 3/8″', GAGES)).toBe(true);
    for (const quote of [
      'Class 3 track | 40 | 6', // a figure cut short
      'Class 3 track | 60 | 40', // figures swapped
      'lass 3 track', // a word cut short
      'Class 3 track allows 40 mph', // a paraphrase
      'not be less than 4′6 3/8″ … may be less than 4′6 1/2″', // pieces out of order
    ]) {
      expect(quoteFoundInClause(quote, quote.includes('4′6') ? GAGES : SPEEDS), quote).toBe(false);
    }
  });

  it('splits paragraphs into sentences, not inside quotes, and always after a citation', () => {
    expect(splitIntoSentences('A is "x. Y z" [49 CFR 213.9]. B, e.g. this one, is 4\'6" wide "q r" [49 CFR 213.9]. Next one.')).toEqual([
      'A is "x. Y z" [49 CFR 213.9].',
      'B, e.g. this one, is 4\'6" wide "q r" [49 CFR 213.9].',
      'Next one.',
    ]);
  });

  it("keeps headings over kept sentences and drops the model's own source list", () => {
    const out = check(
      [
        '## Speeds',
        '',
        '- Freight: "Class 3 track | 40 | 60" [49 CFR 213.9].',
        '',
        '## Painting',
        '',
        '- Frogs are blue [49 CFR 213.9].',
        '',
        '**Sources**',
        '- [49 CFR 213.9] — Classes of track: operating speed limits.',
        '- [49 CFR 213.143]',
      ].join('\n'),
    );
    expect(out.text).toBe('## Speeds\n\n- Freight: "Class 3 track | 40 | 60" [49 CFR 213.9].');
    expect(out.removedSentences).toEqual([{ sentence: 'Frogs are blue [49 CFR 213.9].', reason: 'no-quote' }]);
    expect(out.cited.map((c) => c.ref)).toEqual(['213.9']);
  });

  it('reads an inch mark written as " in the claim or in the quote', () => {
    const out = check(
      'HPF frogs go down to 4\'6 3/8": "the guard check gage may be less than 4′6 1/2″" [49 CFR 213.143]. Class 1: "Class 1 track | 4\'6 1/8" | 4\'5 1/4"" [49 CFR 213.143].',
    );
    expect(out.removedSentences).toEqual([]);
    expect(out.cited.map((c) => c.ref)).toEqual(['213.143']);
  });

  it('checks each quote against the clause cited next to it', () => {
    const out = check('Speeds and gages: "Class 3 track | 40 | 60" [49 CFR 213.143], "Class 1 track | 4′6 1/8″" [49 CFR 213.9].');
    expect(out.removedSentences.map((r) => r.reason)).toEqual(['quote-not-found']);
    const right = check('Speeds and gages: "Class 3 track | 40 | 60" [49 CFR 213.9], "Class 1 track | 4′6 1/8″" [49 CFR 213.143].');
    expect(right.removedSentences).toEqual([]);
    expect(right.cited.map((c) => c.ref)).toEqual(['213.9', '213.143']);
  });

  it('counts a one-word quote as no quote', () => {
    expect(check('Freight trains run at "40" [49 CFR 213.9].').removedSentences.map((r) => r.reason)).toEqual(['no-quote']);
  });

  it('writes one note for the removed sentences', () => {
    expect(removedSentencesNote([])).toBeNull();
    expect(removedSentencesNote([{ sentence: 'a', reason: 'quote-not-found' }])).toBe(
      'Note: 1 sentence was removed because its quote was not found in the clause it cites.',
    );
    expect(
      removedSentencesNote([
        { sentence: 'a', reason: 'no-citation' },
        { sentence: 'b', reason: 'quote-not-found' },
        { sentence: 'c', reason: 'quote-not-found' },
      ]),
    ).toBe('Note: 3 sentences were removed: 2 because their quotes were not found in the clauses they cite; 1 because it cites no retrieved clause.');
  });
});
