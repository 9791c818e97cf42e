/**
 * `npm run bench:retrieval`: latency percentiles of retrieval and of whole answers over the
 * whole bundled library (every folder of `standards/`, 5,132 clauses, imported as the server
 * imports it at start), asking the 49 CFR dev questions and the Canadian and EU ones of their own
 * standards, several passes, on PGlite and on PostgreSQL when one answers; then again with the
 * library loaded 10 times over as distinct editions (every edition is stored and indexed;
 * retrieval searches the newest edition of each document, so the second figures show what the
 * older editions' rows cost it). Prints figures against the targets (answer p95 ≤ 150 ms with
 * the library once, ≤ 2× that at 10×); asserts nothing.
 *
 *   BENCH_PASSES (default 5)  BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres, queryRows, type Database } from '../src/server/db/client';
import { sql } from 'drizzle-orm';
import { withBenchDatabase } from './bench-database';
import { answerQuestion } from '../src/server/modules/assistant/extractive-answer';
import { parseJsonl } from '../src/server/modules/standards/importers/jsonl';
import { searchClauses } from '../src/server/modules/standards/search';
import { importDocument } from '../src/server/modules/standards/service';
import { importBundledStandards } from '../src/server/modules/standards/startup';

const passes = Number(process.env.BENCH_PASSES ?? 5);
const root = path.resolve(import.meta.dirname, '..');
const standardsDir = path.join(root, 'standards');
const questionFiles = [path.resolve(root, '../shared/corpus/dev-questions.jsonl'), path.join(root, 'scripts/eval-data/dev-questions-ca-eu.jsonl')];
const TARGET_P95_MS = 150;

interface Question {
  question: string;
  discipline: string;
  standard?: string;
}

const questions: (Question & { standard: string })[] = questionFiles.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question)
    .map((q) => ({ ...q, standard: q.standard ?? '49 CFR' })),
);
/** Every bundled document, for the copies (the first load goes through the startup import). */
const documents = readdirSync(standardsDir)
  .filter((folder) => statSync(path.join(standardsDir, folder)).isDirectory())
  .sort()
  .flatMap((folder) =>
    readdirSync(path.join(standardsDir, folder))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .flatMap((f) => parseJsonl(readFileSync(path.join(standardsDir, folder, f), 'utf8'), { fileName: f })),
  );

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function loadLibrary(database: Database) {
  await importBundledStandards({
    db: database.db,
    config: { standardsDir, standardsAutofetch: false, ecfrBaseUrl: 'http://127.0.0.1:9' },
    log: { info: () => undefined, warn: (m) => console.warn(m) },
  });
}

async function loadCopies(database: Database, from: number, to: number) {
  for (let copy = from; copy < to; copy++) {
    for (const d of documents) await importDocument(database.db, d.standard!, { ...d, edition: `${d.edition} (copy ${copy})` });
  }
}

async function clauseCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from clauses`);
  return row?.n ?? 0;
}

async function measure(database: Database, label: string) {
  const retrieval: number[] = [];
  const answers: number[] = [];
  const run = async (record: boolean) => {
    for (const q of questions) {
      let t = performance.now();
      await searchClauses(database.db, { standardCode: q.standard, question: q.question, discipline: q.discipline });
      if (record) retrieval.push(performance.now() - t);
      t = performance.now();
      await answerQuestion(database.db, { standardCode: q.standard, standardName: q.standard, question: q.question, discipline: q.discipline });
      if (record) answers.push(performance.now() - t);
    }
  };
  await run(false); // warm-up: term statistics per standard, query plans, JIT
  for (let i = 0; i < passes; i++) await run(true);
  const row = (name: string, samples: number[]) => {
    const s = [...samples].sort((a, b) => a - b);
    return {
      setup: label,
      measure: name,
      n: s.length,
      'p50 ms': +percentile(s, 50).toFixed(1),
      'p95 ms': +percentile(s, 95).toFixed(1),
      'p99 ms': +percentile(s, 99).toFixed(1),
    };
  };
  return [row('retrieval', retrieval), row('answer', answers)];
}

async function benchDatabase(driver: string, database: Database) {
  await database.migrate();
  await loadLibrary(database);
  const once = await clauseCount(database);
  const rows = await measure(database, `${driver}, library ×1 (${once} clauses)`);
  await loadCopies(database, 1, 10);
  rows.push(...(await measure(database, `${driver}, library ×10 (${await clauseCount(database)} clauses)`)));
  await database.close();
  return rows;
}

const rows = await benchDatabase('PGlite', await openPglite(undefined));
const pgRows = await withBenchDatabase(async (url) => benchDatabase('PostgreSQL', openPostgres(url, { max: 2 })));
if (pgRows) rows.push(...pgRows);
const standards = new Set(questions.map((q) => q.standard));
console.log(`\n${questions.length} questions of ${standards.size} standards × ${passes} passes per setup`);
console.table(rows);
for (const driver of ['PGlite', 'PostgreSQL']) {
  const answer = (times: string) => rows.find((r) => r.setup.startsWith(`${driver}, library ${times}`) && r.measure === 'answer')?.['p95 ms'];
  const [once, tenfold] = [answer('×1 '), answer('×10 ')];
  if (once === undefined || tenfold === undefined) continue;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `${driver}: answer p95 ${once} ms with the library once (target ≤ ${TARGET_P95_MS} ms: ${met(once <= TARGET_P95_MS)}); ` +
      `${tenfold} ms at 10×, ${(tenfold / once).toFixed(2)}× that (target ≤ 2×, ${2 * TARGET_P95_MS} ms: ${met(tenfold <= 2 * once && tenfold <= 2 * TARGET_P95_MS)})`,
  );
}
