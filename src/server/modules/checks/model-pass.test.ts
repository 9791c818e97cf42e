import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { FakeLlm } from '../../test/fake-llm';
import { buildUser, type TestUser } from '../../test/factories';
import { makeDocx, p } from './readers/test-fixtures';
import { CHECK_PARTS, queueCheck, settledCheck } from './test-support';

/** A sentence the reader finds no design value in: it does not name the quantity in words the vocabulary knows. */
const OAK = 'At Oak Street the gates come down 15 s before a through train reaches the crossing.';

describe('the model pass of a check run (LLM_* configured)', () => {
  const llm = new FakeLlm();
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    const baseUrl = await llm.start();
    ctx = await createTestApp({ LLM_BASE_URL: baseUrl, LLM_API_KEY: 'test', LLM_MODEL: 'test-model' });
    await loadBundledCorpus(ctx.database.db, CHECK_PARTS);
    user = await buildUser(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await llm.close();
  });

  it('keeps a value the model quoted verbatim, checked and marked model-extracted; drops an invented quote', async () => {
    llm.reply = () => ({
      chunks: [
        JSON.stringify({
          values: [
            { parameter: 'crossing_warning_time', value: 15, unit: 's', quote: 'the gates come down 15 s before a through train reaches the crossing' },
            { parameter: 'crossing_warning_time', value: 12, unit: 's', quote: 'the Elm Street gates come down 12 s before the train' },
          ],
        }),
      ],
    });
    const id = await queueCheck(ctx.app, user, { filename: 'crossings.docx', data: Buffer.from(makeDocx(p('8 Crossings', 'Heading1') + p(OAK))) });
    const check = await settledCheck(ctx.app, user, id);
    expect(check.status, check.error ?? '').toBe('done');
    expect(llm.requests).toHaveLength(1);
    expect(check.findings.map((f) => [f.verdict, f.value, f.requirement?.ref, f.extractedBy, f.location.text])).toEqual([
      ['non_conformance', 15, '234.225', 'model', OAK],
    ]);
  });

  it('checks the document without the model when the model fails', async () => {
    llm.reply = () => ({ status: 500, chunks: [] });
    const id = await queueCheck(ctx.app, user, { filename: 'crossings.docx', data: Buffer.from(makeDocx(p(OAK))) });
    const check = await settledCheck(ctx.app, user, id);
    expect(check).toMatchObject({ status: 'done', error: null, findings: [] });
  });
});
