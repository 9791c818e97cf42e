/**
 * `npm run eval:compare -- [FILE…] [--verbose] [--database DIR]`
 *
 * Loads the bundled library (standards/, every folder, as a fresh install does) into an embedded
 * database, compares each topic of the files (default ../shared/corpus/compare-topics.jsonl)
 * across its standards, and prints per file and overall: the share of (topic, standard) cells
 * with provisions whose expected section is cited, the share of no-provision cells (an empty
 * `expected` list) correctly left empty, and the share of cited sections that are expected.
 * `--verbose` prints each topic's cells with the sections ranked, what each covers and why it
 * was or was not cited. `--database DIR` keeps the embedded database in DIR between runs (the
 * import is then a check that nothing changed).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../src/server/db/client';
import { compareInDetail, resolveComparedStandards, type ColumnInDetail } from '../src/server/modules/compare/service';
import { importBundledStandards } from '../src/server/modules/standards/startup';

const DEFAULT_TOPICS = path.resolve(import.meta.dirname, '../../shared/corpus/compare-topics.jsonl');
const STANDARDS_DIR = path.resolve(import.meta.dirname, '../standards');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    verbose: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
const files = positionals.length > 0 ? positionals : [DEFAULT_TOPICS];
for (const file of files) {
  if (!existsSync(file)) {
    console.error(`${file}: no such file. Usage: npm run eval:compare -- [FILE…] [--verbose] [--database DIR]`);
    process.exit(1);
  }
}

interface Topic {
  id: string;
  topic: string;
  standards: string[];
  /** Per standard the sections that govern the topic there; empty where the standard has no provision. */
  expected: Record<string, string[]>;
}

interface Tally {
  withProvisions: number;
  expectedCited: number;
  silent: number;
  leftEmpty: number;
  cited: number;
  citedExpected: number;
}

const newTally = (): Tally => ({ withProvisions: 0, expectedCited: 0, silent: 0, leftEmpty: 0, cited: 0, citedExpected: 0 });
const percent = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '  –  ');

function print(label: string, t: Tally): void {
  console.log(`\n${label}`);
  console.log(`  cells with provisions citing an expected section   ${percent(t.expectedCited, t.withProvisions)} (${t.expectedCited}/${t.withProvisions})`);
  console.log(`  no-provision cells left empty                      ${percent(t.leftEmpty, t.silent)} (${t.leftEmpty}/${t.silent})`);
  console.log(`  cited sections that are expected                   ${percent(t.citedExpected, t.cited)} (${t.citedExpected}/${t.cited})`);
}

function detailLines(column: ColumnInDetail, expected: string[]): string[] {
  return column.detail.sections.map((a) => {
    const mark = expected.includes(a.section.section) ? '*' : ' ';
    const verdict = a.cited ? 'cited' : `not cited: ${a.reason}`;
    return `      ${mark}${a.section.section.padEnd(22)} rank score ${a.section.score.toFixed(1).padStart(5)}  library score ${a.prominence.toFixed(1).padStart(5)}  share ${a.share.toFixed(2)}  heading ${a.headingFit.toFixed(2)}  ${verdict}  [${a.covered.join(', ')}]  ${a.section.heading.slice(0, 60)}`;
  });
}

const started = Date.now();
const database = await openPglite(values.database);
await database.migrate();
await importBundledStandards({
  db: database.db,
  config: { standardsDir: STANDARDS_DIR, standardsAutofetch: false, ecfrBaseUrl: 'https://www.ecfr.gov' },
  log: { info: () => undefined, warn: (m) => console.warn(m) },
});
console.log(`Library loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const overall = newTally();
for (const file of files) {
  const tally = newTally();
  const topics = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Topic);
  for (const t of topics) {
    const standards = await resolveComparedStandards(database.db, t.standards);
    const result = await compareInDetail(database.db, t.topic, standards);
    const lines: string[] = [];
    let clean = true;
    for (const column of result.columns) {
      const expected = t.expected[column.standard] ?? [];
      const cited = [...new Set(column.provisions.map((p) => p.section))];
      tally.cited += cited.length;
      tally.citedExpected += cited.filter((s) => expected.includes(s)).length;
      let mark: string;
      if (expected.length === 0) {
        tally.silent++;
        const empty = column.status === 'none';
        if (empty) tally.leftEmpty++;
        mark = empty ? 'ok  ' : 'FILL';
      } else {
        tally.withProvisions++;
        const hit = cited.some((s) => expected.includes(s));
        if (hit) tally.expectedCited++;
        mark = hit ? 'ok  ' : column.status === 'none' ? 'NONE' : 'MISS';
      }
      if (mark !== 'ok  ') clean = false;
      lines.push(
        `  ${mark} ${column.standard}: expected ${expected.join(', ') || '(none)'}; cited ${cited.join(', ') || '(none)'} (strength ${column.detail.strength.toFixed(2)})`,
      );
      if (values.verbose) lines.push(...detailLines(column, expected));
    }
    if (values.verbose || !clean) console.log(`${t.id} ${t.topic}\n${lines.join('\n')}`);
  }
  print(`${path.basename(file)}: ${topics.length} topics`, tally);
  for (const key of Object.keys(overall) as (keyof Tally)[]) overall[key] += tally[key];
}
if (files.length > 1) print('overall', overall);
await database.close();
