import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { derailPosition, yardRules } from '../../test/yard-rules';
import { sql } from 'drizzle-orm';
import { createEmbedder, EmbeddingBackfill, embedMissingClauses, loggingEmbedder, type Embedder } from './embeddings';
import { searchClauses } from './search';
import { importDocument } from './service';

const DIMENSIONS = 32;
/** Words that mean the same thing share a dimension: "zorb" is this test's made-up word for a derail. */
const CONCEPTS: Record<string, number> = { derail: 0, derails: 0, zorb: 0, zorbs: 0, lock: 1, locked: 1, secured: 1, secure: 1 };

/** A deterministic stand-in for an embedding model: concept words on their own axis, other words hashed. */
function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = CONCEPTS[word];
    if (concept !== undefined) vector[concept]! += 3;
    else vector[4 + ([...word].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % (DIMENSIONS - 4))]! += 1;
  }
  return vector;
}

/** A local server that speaks the OpenAI embeddings protocol (POST /v1/embeddings). */
class FakeEmbeddingsServer {
  readonly requests: string[][] = [];
  failing = false;
  private server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (this.failing || req.url !== '/v1/embeddings') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model is overloaded' } }));
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      this.requests.push(input);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const yardRulesDocument = yardRules([derailPosition]);

describe('embeddings', () => {
  const server = new FakeEmbeddingsServer();
  const warnings: string[] = [];
  let database: Database;
  let embedder: Embedder;

  beforeAll(async () => {
    const baseUrl = await server.start();
    embedder = loggingEmbedder(createEmbedder({ baseUrl, apiKey: 'test-key', model: 'fake-embed-1' }), { info: () => {}, warn: (m) => warnings.push(m) });
    database = await openTestDatabase();
    await importDocument(database.db, 'Yard Rules', yardRulesDocument);
  });
  afterAll(async () => {
    await database.close();
    await server.close();
  });

  const embeddedCount = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from clause_embeddings where model = 'fake-embed-1'`))[0]?.n;

  it('embeds every clause once, in batches, and later only the clauses that are new', async () => {
    expect(await embedMissingClauses(database.db, embedder)).toBe(7);
    expect(await embeddedCount()).toBe(7);
    expect(server.requests.at(-1)).toContainEqual(expect.stringMatching(/^4\.1\(a\) Derail position\n\(a\) Each derail shall be locked/));
    expect(await embedMissingClauses(database.db, embedder)).toBe(0);

    await importDocument(database.db, 'Yard Rules', {
      ...yardRulesDocument,
      title: 'Signals',
      clauses: [{ ref: '8.1(a)', section: '8.1', heading: 'Signal lamps', text: '(a) Signal lamps shall be cleaned monthly.' }],
    });
    const backfill = new EmbeddingBackfill(database.db, embedder, { info: () => {}, warn: () => {} });
    await backfill.schedule();
    expect(await embeddedCount()).toBe(8);
  });

  it('finds by meaning a clause that shares no word with the question, fused with full-text ranking', async () => {
    const question = { standardCode: 'Yard Rules', question: 'When must a zorb be secured after heavy rain?', discipline: 'Track and Civil' };
    const byWords = await searchClauses(database.db, question);
    expect(byWords.sections.map((s) => s.section)).not.toContain('4.1');

    const fused = await searchClauses(database.db, { ...question, embedder });
    expect(fused.sections.map((s) => s.section)).toContain('4.1');
    expect(fused.sections.find((s) => s.section === '4.1')?.similarity).toBeGreaterThan(0.5);
    // The sections full-text search found are still there, with their clauses' text.
    expect(fused.sections.some((s) => s.section.startsWith('5.'))).toBe(true);
    expect(fused.sections.every((s) => s.clauses.every((c) => c.text.length > 0))).toBe(true);
  });

  it('ranks by words alone, and logs why, when the embeddings endpoint fails', async () => {
    server.failing = true;
    try {
      const result = await searchClauses(database.db, { standardCode: 'Yard Rules', question: 'What is examined after heavy rain?', discipline: 'Track and Civil', embedder });
      expect(result.sections[0]?.section).toMatch(/^5\./);
      expect(result.sections.every((s) => s.similarity === undefined)).toBe(true);
      expect(warnings.at(-1)).toMatch(/Embeddings \(fake-embed-1\): .*500/);
    } finally {
      server.failing = false;
    }
  });

  it('is configured only when the endpoint, key and model are all set; some but not all is an error naming the missing one', () => {
    expect(loadConfig({}).embeddings).toBeNull();
    expect(() => loadConfig({ EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1/', EMBEDDING_MODEL: 'm' })).toThrow(/EMBEDDING_\*: .*missing EMBEDDING_API_KEY/);
    expect(loadConfig({ EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1/', EMBEDDING_API_KEY: 'k', EMBEDDING_MODEL: 'm' }).embeddings).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
    });
  });
});
