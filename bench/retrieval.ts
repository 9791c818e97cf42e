/**
 * `npm run bench:retrieval`: latency percentiles of retrieval and of whole answers over the
 * bundled 49 CFR corpus (the dev questions, several passes), on PGlite and on PostgreSQL when
 * one answers, then again with the corpus loaded 10 times over as distinct editions (every
 * edition is stored and indexed; retrieval searches the newest edition of each document, so the
 * second figures show what the older editions' rows cost it). Prints figures; asserts nothing.
 *
 *   BENCH_PASSES (default 5)  BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { withBenchDatabase } from './bench-database';
import { answerQuestion } from '../src/server/modules/assistant/extractive-answer';
import { parseJsonl } from '../src/server/modules/standards/importers/jsonl';
import { searchClauses } from '../src/server/modules/standards/search';
import { importDocument } from '../src/server/modules/standards/service';

const passes = Number(process.env.BENCH_PASSES ?? 5);
const root = path.resolve(import.meta.dirname, '..');
const corpusDir = path.join(root, 'standards/49-cfr');
const questionsFile = path.resolve(root, '../shared/corpus/dev-questions.jsonl');

interface Question {
  question: string;
  discipline: string;
}

const questions: Question[] = readFileSync(questionsFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Question);
const documents = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) => parseJsonl(readFileSync(path.join(corpusDir, f), 'utf8'), { fileName: f }));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function loadCopies(database: Database, from: number, to: number) {
  for (let copy = from; copy < to; copy++) {
    for (const d of documents) {
      await importDocument(database.db, '49 CFR', copy === 0 ? d : { ...d, edition: `${d.edition} (copy ${copy})` });
    }
  }
}

async function measure(database: Database, label: string) {
  const retrieval: number[] = [];
  const answers: number[] = [];
  const run = async (record: boolean) => {
    for (const q of questions) {
      let t = performance.now();
      await searchClauses(database.db, { standardCode: '49 CFR', question: q.question, discipline: q.discipline });
      if (record) retrieval.push(performance.now() - t);
      t = performance.now();
      await answerQuestion(database.db, { standardCode: '49 CFR', standardName: '49 CFR', question: q.question, discipline: q.discipline });
      if (record) answers.push(performance.now() - t);
    }
  };
  await run(false); // warm-up: term statistics, query plans, JIT
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
  await loadCopies(database, 0, 1);
  const rows = await measure(database, `${driver}, corpus ×1`);
  await loadCopies(database, 1, 10);
  rows.push(...(await measure(database, `${driver}, corpus ×10`)));
  await database.close();
  return rows;
}

const rows = await benchDatabase('PGlite', await openPglite(undefined));
const pgRows = await withBenchDatabase(async (url) => benchDatabase('PostgreSQL', openPostgres(url, { max: 2 })));
if (pgRows) rows.push(...pgRows);
console.log(`\n${questions.length} questions × ${passes} passes per setup\n`);
console.table(rows);
