import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import type { LlmConfig } from '../../../config';
import { loadBundledCorpus } from '../../../test/corpus';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { FakeLlm } from '../../../test/fake-llm';
import { checkDocument, loadCheckLibrary, proposeValues, type CheckLibrary } from './index';
import { keepVerifiedProposals, sentencesForModel } from './model-extraction';

const paragraph = (text: string, n: number) => ({ kind: 'paragraph' as const, text, location: { text, section: '8 Crossings', paragraph: n } });
/** The reader finds no design value in either sentence: neither names the quantity in words it knows. */
const OAK = 'At Oak Street the gates come down 15 s before a through train reaches the crossing.';
const ELM = 'The Elm Street predictor gives through trains 25 s before arrival.';
const content: DocumentContent = { type: 'docx', blocks: [paragraph(OAK, 1), paragraph(ELM, 2)] };

let database: TestDatabase;
let library: CheckLibrary;
const llm = new FakeLlm();
let settings: LlmConfig;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadBundledCorpus(database.db, ['234']);
  library = await loadCheckLibrary(database.db);
  settings = { baseUrl: await llm.start(), apiKey: 'test', model: 'test-model', timeoutMs: 5000 };
}, 60_000);
afterAll(async () => {
  await llm.close();
  await database.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

const answer = (values: unknown[]) => () => ({ chunks: [JSON.stringify({ values })] });

describe('values the language model proposes from prose', () => {
  it('asks only about the sentences the reader found no value in', () => {
    const mixed: DocumentContent = { ...content, blocks: [...content.blocks, paragraph('The warning time at Ash Road will be 30 seconds.', 3)] };
    expect(sentencesForModel(mixed)).toEqual([OAK, ELM]);
  });

  it('keeps a verbatim quote with its value, checks it like any value and marks it model-extracted', async () => {
    llm.reply = answer([
      { parameter: 'crossing_warning_time', value: 15, unit: 's', quote: 'the gates come down 15 s before a through train reaches the crossing' },
      { parameter: 'crossing_warning_time', value: 25, unit: 'seconds', quote: 'gives through trains 25 s before arrival' },
    ]);
    const proposals = await proposeValues(content, settings);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.messages[1]!.content).toContain('1. At Oak Street');
    expect(proposals.map((p) => [p.value, p.unit, p.valueText])).toEqual([
      [15, 'seconds', '15 s'],
      [25, 'seconds', '25 s'],
    ]);
    const result = checkDocument(content, library, { proposals });
    expect(result.findings.map((f) => [f.verdict, f.value, f.requirement?.ref, f.extractedBy, f.location.paragraph])).toEqual([
      ['non_conformance', 15, '234.225', 'model', 1],
      ['conforms', 25, '234.225', 'model', 2],
    ]);
    expect(result.findings[0]!.location.text).toBe(OAK);
    expect(checkDocument(content, library).findings).toEqual([]);
  });

  it('drops an invented quote, a value not in its quote, an unknown parameter or unit', async () => {
    llm.reply = answer([
      { parameter: 'crossing_warning_time', value: 12, unit: 'seconds', quote: 'the gates give 12 seconds of warning' },
      { parameter: 'crossing_warning_time', value: 12, unit: 'seconds', quote: 'the gates come down 15 s before a through train' },
      { parameter: 'gate_colour', value: 15, unit: 'seconds', quote: 'the gates come down 15 s before a through train' },
      { parameter: 'crossing_warning_time', value: 15, unit: 'fortnights', quote: 'the gates come down 15 s before a through train' },
    ]);
    expect(await proposeValues(content, settings)).toEqual([]);
    expect(keepVerifiedProposals(content, { values: 'not a list' })).toEqual([]);
  });

  it('a model that cannot be reached throws, so the caller checks without it', async () => {
    llm.reply = () => ({ status: 500 });
    await expect(proposeValues(content, { ...settings, timeoutMs: 2000 })).rejects.toThrow();
  });
});
