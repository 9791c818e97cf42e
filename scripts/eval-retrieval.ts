/**
 * `npm run eval:retrieval -- [[--questions] FILE…] [--out-of-scope FILE…] [--standard CODE] [--library whole|original] [--standards-dir DIR] [--verbose]`
 *
 * Loads the bundled library into an in-memory database, through the import the server runs at
 * start (every folder of `standards/`: 49 CFR, 49 U.S.C., the Canadian instruments, the EU TSI),
 * asks every question the extractive assistant of its standard (a question's `standard`, else
 * `--standard`, default 49 CFR), and prints per file and overall: recall@1/@5 and MRR of
 * retrieval, the share of answers citing an expected section, citation precision, the decline
 * rate on out-of-scope questions and the false-decline rate on in-scope ones, the share of
 * replies whose opening gives a figure of the reference answer (files with `answer`), and every
 * cited reference that is not in the standard (there must be none). A question with no expected
 * section is out of scope wherever it comes from.
 *
 * `--library original` loads only the first eight 49 CFR parts (213, 214, 220, 225, 229, 232,
 * 234, 237: the corpus the first question sets were written against), so the two can be compared:
 * the other standards are distractors that must not cost the 49 CFR questions anything.
 *
 * Without files it reads the 49 CFR dev sets of `../shared/corpus` (dev-questions, -2 and
 * dev-out-of-scope) and, with the whole library, `eval-data/dev-questions-ca-eu.jsonl`; after the
 * overall figures it prints them per standard asked (49 CFR, the others), which compare across
 * the two libraries.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows } from '../src/server/db/client';
import { importBundledStandards } from '../src/server/modules/standards/startup';
import { CATALOGUE_FILE } from '../src/server/modules/standards/folder-catalogue';
import { answerQuestion } from '../src/server/modules/assistant/extractive-answer';
import { pinpointExists } from '../src/server/modules/assistant/pinpoint';

const BUNDLED = path.resolve(import.meta.dirname, '../standards');
/** The 49 CFR parts of the original corpus, which `dev-questions*.jsonl` were written against. */
const ORIGINAL_PARTS = ['213', '214', '220', '225', '229', '232', '234', '237'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    questions: { type: 'string', multiple: true, default: [] },
    'out-of-scope': { type: 'string', multiple: true, default: [] },
    standard: { type: 'string', default: '49 CFR' },
    library: { type: 'string', default: 'whole' },
    'standards-dir': { type: 'string', default: BUNDLED },
    verbose: { type: 'boolean', default: false },
  },
});
const SHARED = path.resolve(import.meta.dirname, '../../shared/corpus');
const CA_EU = path.resolve(import.meta.dirname, 'eval-data/dev-questions-ca-eu.jsonl');
/**
 * Without files: the 49 CFR dev sets of the shared corpus (where it is beside the checkout), and
 * with the whole library the Canadian and EU questions, which the original eight parts cannot answer.
 */
function defaultFiles(): string[] {
  const shared = ['dev-questions.jsonl', 'dev-questions-2.jsonl', 'dev-out-of-scope.jsonl'].map((f) => path.join(SHARED, f)).filter((f) => existsSync(f));
  return [...shared, ...(values.library === 'whole' ? [CA_EU] : [])];
}
const given = [...values.questions, ...positionals, ...values['out-of-scope']];
const files = given.length > 0 ? given : defaultFiles();
if (files.length === 0 || !['whole', 'original'].includes(values.library)) {
  console.error(
    'Usage: npm run eval:retrieval -- [--questions] FILE… [--out-of-scope FILE…] [--standard CODE] [--library whole|original] [--standards-dir DIR] [--verbose]',
  );
  process.exit(1);
}

interface Question {
  id: string;
  /** The standard it is asked of (code); else `--standard`. */
  standard?: string;
  question: string;
  discipline: string;
  expected_sections: string[];
  answer?: string;
}

function readQuestions(file: string): Question[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
}

/**
 * The figures of a reference answer: numbers with their fraction ("3/8", "4'9-3/4", "1.5"). A
 * section or part it refers to ("225.25", "part 213", "§ 229.9", "s. 97(2)", "SOR/2014-275",
 * "4.2.6.3") and a form's number ("Form FRA F 6180.78") are no figure an opening could be asked
 * to give.
 */
function figuresOf(text: string): string[] {
  const plain = text
    // Canadian and EU refs: "SOR/2014-275", "C.R.C., c. 1171", "s. 97(2)", "ss. 19-23", "TSI CCS 4.2.6.3".
    .replace(/\bSOR\/\d+-\d+|\bc\.\s*\d+|\bss?\.\s*\d+(?:\.\d+)*(?:\([a-z0-9.]+\))*(?:\s*-\s*\d+)?|\b\d+(?:\.\d+){2,}\b/gi, ' ')
    .replace(/(?:§+\s*|\bparts?\s+|\bF\s+)?\b\d{3,4}\.\d+(?:\([a-z0-9]+\))*|\bparts?\s+\d{3}\b|\bF\s+\d+/gi, ' ');
  return [...new Set(plain.match(/\d+(?:[./]\d+)*(?:-\d+\/\d+)?/g) ?? [])];
}

/** The reply's opening: its first line that is not a heading such as "From 49 CFR:". */
function openingOf(response: string): string {
  return (
    response
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !/^From .+:$/.test(l)) ?? ''
  );
}

function containsFigure(text: string, figure: string): boolean {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[^0-9./])${escaped}([^0-9]|$)`).test(text);
}

interface Tally {
  inScope: number;
  outOfScope: number;
  at1: number;
  at5: number;
  reciprocal: number;
  citedExpected: number;
  citedTotal: number;
  expectedCited: number;
  declinedOut: number;
  declinedIn: number;
  withFigure: number;
  figureFirst: number;
  invented: string[];
}

const newTally = (): Tally => ({
  inScope: 0,
  outOfScope: 0,
  at1: 0,
  at5: 0,
  reciprocal: 0,
  citedExpected: 0,
  citedTotal: 0,
  expectedCited: 0,
  declinedOut: 0,
  declinedIn: 0,
  withFigure: 0,
  figureFirst: 0,
  invented: [],
});

function add(into: Tally, from: Tally): void {
  for (const key of Object.keys(into) as (keyof Tally)[]) {
    if (key === 'invented') into.invented.push(...from.invented);
    else into[key] += from[key];
  }
}

const ratio = (a: number, b: number) => (b ? (a / b).toFixed(3) : '  –  ');

function print(label: string, t: Tally): void {
  console.log(`\n${label}: ${t.inScope} in scope, ${t.outOfScope} out of scope`);
  if (t.inScope > 0) {
    console.log(`  recall@1                 ${ratio(t.at1, t.inScope)}`);
    console.log(`  recall@5                 ${ratio(t.at5, t.inScope)}`);
    console.log(`  MRR                      ${ratio(t.reciprocal, t.inScope)}`);
    console.log(`  expected section cited   ${ratio(t.expectedCited, t.inScope)} (${t.expectedCited}/${t.inScope})`);
    console.log(`  citation precision       ${ratio(t.citedExpected, t.citedTotal)} (${t.citedExpected}/${t.citedTotal} cited sections expected)`);
    console.log(`  false declines           ${ratio(t.declinedIn, t.inScope)} (${t.declinedIn}/${t.inScope})`);
  }
  if (t.withFigure > 0) console.log(`  figure first             ${ratio(t.figureFirst, t.withFigure)} (${t.figureFirst}/${t.withFigure})`);
  if (t.outOfScope > 0) console.log(`  out of scope declined    ${ratio(t.declinedOut, t.outOfScope)} (${t.declinedOut}/${t.outOfScope})`);
  console.log(`  cited refs not in the library: ${t.invented.length}${t.invented.length ? ` (${t.invented.join('; ')})` : ''}`);
}

/**
 * The standards folder to import: the bundled one, or for `--library original` a scratch one
 * holding copies of the first eight 49 CFR parts and the folder's catalogue.
 */
function libraryFolder(): { dir: string; cleanup: () => void } {
  const dir = values['standards-dir'];
  if (values.library === 'whole') return { dir, cleanup: () => undefined };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'trackside-eval-'));
  mkdirSync(path.join(scratch, '49-cfr'));
  for (const name of [...ORIGINAL_PARTS.map((p) => `part-${p}.jsonl`), CATALOGUE_FILE]) {
    copyFileSync(path.join(dir, '49-cfr', name), path.join(scratch, '49-cfr', name));
  }
  return { dir: scratch, cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}

const database = await openPglite(undefined);
await database.migrate();
const folder = libraryFolder();
const imported = await importBundledStandards({
  db: database.db,
  config: { standardsDir: folder.dir, standardsAutofetch: false, ecfrBaseUrl: 'http://127.0.0.1:9' },
  log: { info: () => undefined, warn: (m) => console.warn(m) },
});
folder.cleanup();
const loaded = imported.reduce((n, r) => n + (r.status === 'superseded' ? 0 : r.clauses), 0);
const standardsLoaded = await queryRows<{ code: string; name: string; jurisdiction: string | null }>(
  database.db,
  sql`select s.code, s.name, s.jurisdiction from standards s where exists (select 1 from clauses c where c.standard_code = s.code)`,
);
const byCode = new Map(standardsLoaded.map((s) => [s.code, s]));
console.log(`Library (${values.library}): ${loaded} clauses in ${standardsLoaded.length} standard${standardsLoaded.length === 1 ? '' : 's'}`);
const clauses = await queryRows<{ standard: string; ref: string; text: string }>(database.db, sql`select standard_code as standard, ref, text from clauses`);
const library = new Map(clauses.map((c) => [`${c.standard}|${c.ref}`, c.text]));

const overall = newTally();
/** Overall per standard asked, so that runs over either library compare on the same questions. */
const byStandard = new Map<string, Tally>();
for (const file of files) {
  const tally = newTally();
  for (const q of readQuestions(file)) {
    const code = q.standard ?? values.standard;
    // One question's tally, added to its file's and to its standard's however it ends.
    const qt = newTally();
    try {
      const standard = byCode.get(code);
      if (!standard) throw new Error(`${file}: ${q.id} is asked of ${code}, which has no clauses in the library`);
      // As the chat asks it: the standard's name in the reply, its jurisdiction for the coverage rule.
      const answer = await answerQuestion(database.db, {
        standardCode: code,
        standardName: standard.name,
        jurisdiction: standard.jurisdiction,
        question: q.question,
        discipline: q.discipline,
      });
      const declined = answer.coverage.status === 'not_covered';
      const ranked = answer.ranked.map((s) => s.section);
      const citedSections = new Set(answer.citations.map((c) => c.section));
      for (const c of answer.citations) {
        const text = c.standard === code ? library.get(`${code}|${c.ref}`) : undefined;
        if (text === undefined) qt.invented.push(`${q.id}: ${c.standard} ${c.ref}`);
        else if (c.pinpoint && !pinpointExists(c.ref, text, c.pinpoint)) qt.invented.push(`${q.id}: ${c.pinpoint}`);
      }
      const opening = openingOf(answer.response);
      if (q.expected_sections.length === 0) {
        qt.outOfScope++;
        if (declined) qt.declinedOut++;
        if (values.verbose || !declined) {
          console.log(
            `${declined ? 'ok  ' : 'ANSW'} ${q.id} [${answer.coverage.status} ${answer.coverage.confidence.toFixed(2)}] cited ${[...citedSections].join(',') || '-'} :: ${opening.slice(0, 140)}`,
          );
        }
        continue;
      }
      qt.inScope++;
      const rank = ranked.findIndex((s) => q.expected_sections.includes(s));
      if (rank === 0) qt.at1++;
      if (rank >= 0 && rank < 5) qt.at5++;
      if (rank >= 0) qt.reciprocal += 1 / (rank + 1);
      if (declined) qt.declinedIn++;
      qt.citedTotal += citedSections.size;
      const expectedHere = [...citedSections].filter((s) => q.expected_sections.includes(s)).length;
      qt.citedExpected += expectedHere;
      if (expectedHere > 0) qt.expectedCited++;
      const figures = q.answer ? figuresOf(q.answer) : [];
      let first = true;
      if (figures.length > 0) {
        qt.withFigure++;
        first = figures.some((f) => containsFigure(opening, f));
        if (first) qt.figureFirst++;
      }
      const clean = rank === 0 && expectedHere === citedSections.size && expectedHere > 0 && first;
      if (values.verbose || !clean) {
        const mark = declined
          ? 'DECL'
          : expectedHere === 0
            ? 'MISS'
            : rank !== 0
              ? `@${rank + 1}  `
              : expectedHere < citedSections.size
                ? 'XTRA'
                : !first
                  ? 'FIG '
                  : 'ok  ';
        console.log(
          `${mark} ${q.id} expected ${q.expected_sections.join(',')} got ${ranked.join(', ')} cited ${[...citedSections].join(',') || '-'} [${answer.coverage.status} ${answer.coverage.confidence.toFixed(2)}]`,
        );
        if (values.verbose || !first)
          console.log(`       opening: ${opening.slice(0, 160)}${figures.length ? `  | answer figures: ${figures.join(' ')}` : ''}`);
      }
    } finally {
      add(tally, qt);
      const group = code === values.standard ? code : 'other standards';
      add(byStandard.get(group) ?? byStandard.set(group, newTally()).get(group)!, qt);
    }
  }
  print(path.basename(file), tally);
  add(overall, tally);
}
await database.close();
if (files.length > 1) print(`overall (library ${values.library}, ${loaded} clauses; questions of ${values.standard} unless they name their standard)`, overall);
// Per standard asked: the questions of 49 CFR compare across --library whole and original.
if (byStandard.size > 1) for (const [group, t] of byStandard) print(`overall, questions asked of ${group} (library ${values.library})`, t);
