import { sql, type SQL } from 'drizzle-orm';
import type { EmbeddingConfig } from '../../config';
import { queryRows, type Db } from '../../db/client';
import { createLlmClient } from '../../lib/llm-client';

/** Turns texts into vectors (one per text, same order). */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Texts per request to the embeddings endpoint. */
const BATCH = 64;
/** The longest clause text embedded (embedding models take a few thousand tokens at most). */
const EMBED_CHARS = 6000;
const REQUEST_TIMEOUT_MS = 30_000;

/** An embedder for any OpenAI-compatible embeddings endpoint. */
export function createEmbedder(config: EmbeddingConfig): Embedder {
  const client = createLlmClient(config, { timeoutMs: REQUEST_TIMEOUT_MS });
  return {
    model: config.model,
    async embed(texts, signal) {
      const response = await client.embeddings.create({ model: config.model, input: texts, encoding_format: 'float' }, { signal });
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== texts.length) throw new Error(`the embeddings endpoint returned ${vectors.length} vectors for ${texts.length} texts`);
      return vectors;
    },
  };
}

export function clauseEmbeddingText(clause: { ref: string; heading: string; text: string }): string {
  return `${clause.ref} ${clause.heading}\n${clause.text}`.slice(0, EMBED_CHARS);
}

/**
 * Embeds every clause in force (older editions are never searched) that has no vector by the
 * embedder's model yet, in batches; returns how many were embedded. Safe to run again at any time (only what is missing is sent).
 */
export async function embedMissingClauses(
  db: Db,
  embedder: Embedder,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const missing = await queryRows<{ id: string; ref: string; heading: string; text: string }>(db, sql`
      select c.id, c.ref, c.heading, c.text from clauses c
      join standard_documents d on d.id = c.document_id and d.current
      where not exists (select 1 from clause_embeddings e where e.clause_id = c.id and e.model = ${embedder.model})
      order by c.id limit ${BATCH}`);
    if (missing.length === 0) return done;
    const vectors = await embedder.embed(missing.map(clauseEmbeddingText), options.signal);
    // A clause deleted meanwhile is skipped rather than failing the batch.
    await db.execute(sql`
      insert into clause_embeddings (clause_id, model, embedding)
      select v.clause_id, ${embedder.model}, v.embedding::real[]
      from unnest(${sql.param(missing.map((m) => m.id))}::uuid[], ${sql.param(vectors.map(toPgArray))}::text[]) as v(clause_id, embedding)
      where exists (select 1 from clauses c where c.id = v.clause_id)
      on conflict do nothing`);
    done += missing.length;
  }
}

function toPgArray(vector: number[]): string {
  return `{${vector.join(',')}}`;
}

interface VectorIndex {
  key: string;
  checkedAt: number;
  ids: string[];
  /** Unit-length vectors, one after another. */
  vectors: Float32Array;
  dimensions: number;
}

const indexCache = new Map<string, VectorIndex>();
/** How long a loaded index is trusted before counting the embedded clauses again (a backfill may be adding them). */
const INDEX_RECHECK_MS = 5_000;

function normalise(vector: ArrayLike<number>, into: Float32Array, offset: number): void {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < vector.length; i++) into[offset + i] = vector[i]! * scale;
}

/**
 * The vectors of the clauses retrieval searches, loaded once and again only when the library
 * (its `version`) or the number of embedded clauses changes; the count is checked at most every
 * few seconds, not on every question.
 */
async function vectorIndex(db: Db, model: string, scope: SearchScope): Promise<VectorIndex> {
  const cacheKey = `${scope.standardCode}|${model}`;
  const cached = indexCache.get(cacheKey);
  if (cached?.key.startsWith(`${scope.version}|`) && Date.now() - cached.checkedAt < INDEX_RECHECK_MS) return cached;
  const count = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${scope.clauses} c join clause_embeddings e on e.clause_id = c.id and e.model = ${model}`);
  const key = `${scope.version}|${count[0]?.n ?? 0}`;
  if (cached?.key === key) {
    cached.checkedAt = Date.now();
    return cached;
  }
  const rows = await queryRows<{ id: string; embedding: number[] }>(
    db,
    sql`select c.id, e.embedding from ${scope.clauses} c join clause_embeddings e on e.clause_id = c.id and e.model = ${model}`,
  );
  const dimensions = rows[0]?.embedding.length ?? 0;
  const vectors = new Float32Array(rows.length * dimensions);
  const ids: string[] = [];
  for (const row of rows) {
    if (row.embedding.length !== dimensions) continue;
    normalise(row.embedding, vectors, ids.length * dimensions);
    ids.push(row.id);
  }
  const index = { key, checkedAt: Date.now(), ids, vectors: vectors.subarray(0, ids.length * dimensions), dimensions };
  indexCache.set(cacheKey, index);
  return index;
}

/** Which clauses to compare with: a standard's searched clauses, and the library version they are of. */
export interface SearchScope {
  standardCode: string;
  clauses: SQL;
  version: string;
}

export interface SimilarClause {
  id: string;
  similarity: number;
}

/** The clauses most similar to a question, best first (cosine similarity). */
export async function similarClauses(
  db: Db,
  embedder: Embedder,
  options: { question: string; scope: SearchScope; limit: number; signal?: AbortSignal },
): Promise<SimilarClause[]> {
  const index = await vectorIndex(db, embedder.model, options.scope);
  if (index.ids.length === 0) return [];
  const [raw] = await embedder.embed([options.question], options.signal);
  if (!raw || raw.length !== index.dimensions) return [];
  const query = new Float32Array(index.dimensions);
  normalise(raw, query, 0);
  const scored: SimilarClause[] = index.ids.map((id, i) => {
    let dot = 0;
    const offset = i * index.dimensions;
    for (let d = 0; d < index.dimensions; d++) dot += query[d]! * index.vectors[offset + d]!;
    return { id, similarity: dot };
  });
  return scored.sort((a, b) => b.similarity - a.similarity).slice(0, options.limit);
}

export interface EmbeddingLog {
  info(message: string): void;
  warn(message: string): void;
}

/** An embedder that logs each failure before passing it on (retrieval then ranks by words alone). */
export function loggingEmbedder(embedder: Embedder, log: EmbeddingLog): Embedder {
  return {
    model: embedder.model,
    async embed(texts, signal) {
      try {
        return await embedder.embed(texts, signal);
      } catch (error) {
        if (!signal?.aborted) log.warn(`Embeddings (${embedder.model}): ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  };
}

/**
 * Keeps every clause embedded: `schedule()` after start and after each import runs
 * `embedMissingClauses` in the background, one run at a time (a call during a run queues one
 * more). Failures are logged; the next schedule tries again.
 */
export class EmbeddingBackfill {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    private readonly log: EmbeddingLog,
    private readonly signal?: AbortSignal,
  ) {}

  schedule(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no run is in progress (shutdown waits for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const embedded = await embedMissingClauses(this.db, this.embedder, this.signal ? { signal: this.signal } : {});
        if (embedded > 0) this.log.info(`Embeddings (${this.embedder.model}): ${embedded} clauses embedded`);
      } catch {
        if (this.signal?.aborted) return;
        // loggingEmbedder has said why; retrieval ranks by words until the next schedule.
      }
    } while (this.again && !this.signal?.aborted);
  }
}
