/**
 * `npm run eval:retrieval -- --questions <jsonl> [--standard CODE] [--corpus DIR]`: loads the
 * corpus into an in-memory database and prints recall@1, recall@5 and MRR of retrieval, and the
 * citation precision of answers (share of cited sections among the expected ones), plus every
 * cited reference that is not in the library (there must be none).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows } from '../src/server/db/client';
import { parseJsonl } from '../src/server/modules/standards/importers/jsonl';
import { searchClauses } from '../src/server/modules/standards/search';
import { importDocument } from '../src/server/modules/standards/service';
import { answerQuestion } from '../src/server/modules/assistant/extractive-answer';

const { values } = parseArgs({
  options: {
    questions: { type: 'string' },
    standard: { type: 'string', default: '49 CFR' },
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../standards/49-cfr') },
    verbose: { type: 'boolean', default: false },
  },
});
if (!values.questions) {
  console.error('Usage: npm run eval:retrieval -- --questions <file.jsonl> [--standard CODE] [--corpus DIR] [--verbose]');
  process.exit(1);
}

interface Question {
  id: string;
  question: string;
  discipline: string;
  expected_sections: string[];
}

const questions = readFileSync(values.questions, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Question);

const database = await openPglite(undefined);
await database.migrate();
for (const file of readdirSync(values.corpus).filter((f) => f.endsWith('.jsonl')).sort()) {
  for (const document of parseJsonl(readFileSync(path.join(values.corpus, file), 'utf8'), { fileName: file })) {
    await importDocument(database.db, values.standard, document);
  }
}
const library = new Set((await queryRows<{ ref: string }>(database.db, sql`select ref from clauses`)).map((r) => r.ref));

let hitsAt1 = 0;
let hitsAt5 = 0;
let reciprocal = 0;
let citedTotal = 0;
let citedExpected = 0;
const invented: string[] = [];
for (const q of questions) {
  const result = await searchClauses(database.db, { standardCode: values.standard, question: q.question, discipline: q.discipline, limit: 5 });
  const ranked = result.sections.map((s) => s.section);
  const rank = ranked.findIndex((s) => q.expected_sections.includes(s));
  if (rank === 0) hitsAt1++;
  if (rank >= 0 && rank < 5) hitsAt5++;
  if (rank >= 0) reciprocal += 1 / (rank + 1);

  const answer = await answerQuestion(database.db, { standardCode: values.standard, standardName: values.standard, question: q.question, discipline: q.discipline });
  const citedSections = new Set(answer.citations.map((c) => c.section));
  citedTotal += citedSections.size;
  citedExpected += [...citedSections].filter((s) => q.expected_sections.includes(s)).length;
  for (const c of answer.citations) if (!library.has(c.ref)) invented.push(`${q.id}: ${c.ref}`);
  if (values.verbose || rank !== 0) {
    console.log(`${rank === 0 ? 'ok  ' : rank > 0 ? `@${rank + 1}  ` : 'MISS'} ${q.id} expected ${q.expected_sections.join(',')} got ${ranked.join(', ')} cited ${[...citedSections].join(',')}`);
  }
}
await database.close();

const n = questions.length;
console.log(`\n${n} questions, standard ${values.standard}`);
console.log(`recall@1            ${(hitsAt1 / n).toFixed(3)}`);
console.log(`recall@5            ${(hitsAt5 / n).toFixed(3)}`);
console.log(`MRR                 ${(reciprocal / n).toFixed(3)}`);
console.log(`citation precision  ${(citedTotal ? citedExpected / citedTotal : 0).toFixed(3)} (${citedExpected}/${citedTotal} cited sections expected)`);
console.log(`cited refs not in the library: ${invented.length}${invented.length ? ` (${invented.join('; ')})` : ''}`);
