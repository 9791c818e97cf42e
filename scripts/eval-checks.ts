/**
 * `npm run eval:checks -- DIR`
 *
 * Reads each document of a design-samples folder with the check's readers, checks it against
 * the requirements library loaded from the bundled 49 CFR (in-memory PGlite, as the
 * requirements tests load it), and compares the findings with the folder's `answer-key.json`.
 * Prints per file: recall of the expected non-conformances (found with an acceptable clause),
 * false non-conformances, the share of key items checked (a finding of any verdict at the
 * item's location), clause accuracy and verdict agreement. Formats the check does not read yet
 * are said to be not checked, never counted as a success.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../src/shared/schemas/checks';
import { openPglite } from '../src/server/db/client';
import { checkDocument, loadCheckLibrary } from '../src/server/modules/checks/engine';
import { readDocument } from '../src/server/modules/checks/readers';
import { enclosingRefs } from '../src/server/modules/checks/requirements/quotes';
import { loadBundledCorpus } from '../src/server/test/corpus';

interface KeyItem {
  id: string;
  file: string;
  locator: { line?: number; sheet?: string; row?: number; column?: string; parameter?: string; snippet?: string; page?: number; entity?: string };
  statedValue?: number | string;
  parameter: string;
  expectedVerdict: Finding['verdict'];
  clause: string;
  corpusRef?: string;
  acceptableClauses?: string[];
}

/** The formats the check reads (tables of spreadsheets and CSV files; statements and tables of Word and PDF documents; IFC alignment models). */
const CHECKED_FORMATS = new Set(['.csv', '.xlsx', '.docx', '.pdf', '.ifc']);

const dir = process.argv[2];
if (!dir || !existsSync(path.join(dir, 'answer-key.json'))) {
  console.error('Usage: npm run eval:checks -- DIR   (a folder with answer-key.json and the documents it lists)');
  process.exit(1);
}
const key = JSON.parse(readFileSync(path.join(dir, 'answer-key.json'), 'utf8')) as { findings: KeyItem[] };

const database = await openPglite(undefined);
await database.migrate();
await loadBundledCorpus(database.db, ['213', '214', '234', '237']);
const library = await loadCheckLibrary(database.db);

/** A finding's citation is right when it or a citation that holds it (213.57(h)(1) in 213.57(h)) is among the item's acceptable clauses. */
function cites(finding: Finding, item: KeyItem): boolean {
  const accepted = new Set([item.clause, ...(item.corpusRef ? [item.corpusRef] : []), ...(item.acceptableClauses ?? [])]);
  return !!finding.requirement && enclosingRefs(finding.requirement.ref).some((ref) => accepted.has(ref));
}
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);
const rank: Record<Finding['verdict'], number> = { non_conformance: 2, needs_review: 1, conforms: 0 };
const worst = (fs: Finding[]) => fs.reduce<Finding | undefined>((w, f) => (!w || rank[f.verdict] > rank[w.verdict] ? f : w), undefined);

const squash = (text: string) => text.replace(/[\s\u00ad-]+/g, '');

/**
 * Whether a finding stands where a key item points: CSV line (and column), XLSX sheet/row (and
 * column), IFC entity; DOCX/PDF: the item's snippet in the finding's source text (its sentence or table row),
 * on the item's page, with the item's stated value (a sentence or row may state several).
 */
function atLocator(finding: Finding, item: KeyItem): boolean {
  const l = finding.location;
  const k = item.locator;
  if (k.entity !== undefined) return l.entity === k.entity;
  if (k.snippet !== undefined) {
    if (!squash(l.text).includes(squash(k.snippet))) return false;
    if (k.page !== undefined && l.page !== undefined && l.page !== k.page) return false;
    return typeof item.statedValue !== 'number' || finding.value === null || Math.abs(finding.value - item.statedValue) < 1e-6;
  }
  if (k.line !== undefined && l.line !== k.line) return false;
  if (k.sheet !== undefined && (l.sheet !== k.sheet || l.row !== k.row)) return false;
  if (k.line === undefined && k.sheet === undefined) return false;
  if (k.column !== undefined && l.column !== k.column) return false;
  return true;
}

let totals = { expected: 0, found: 0, falseNc: 0, items: 0, checked: 0 };
for (const file of readdirSync(dir).sort()) {
  const items = key.findings.filter((f) => f.file === file);
  if (items.length === 0) continue;
  const ext = path.extname(file).toLowerCase();
  if (!CHECKED_FORMATS.has(ext)) {
    console.log(`${file}: not checked yet (${items.length} key items; the check reads CSV, XLSX, DOCX, PDF and IFC so far)`);
    continue;
  }
  const content = await readDocument(new Uint8Array(readFileSync(path.join(dir, file))), file);
  const started = performance.now();
  const result = checkDocument(content, library);
  const ms = performance.now() - started;

  const used = new Set<Finding>();
  let found = 0;
  let expected = 0;
  let checked = 0;
  let clauseRight = 0;
  let verdictRight = 0;
  const missed: string[] = [];
  const wrongVerdict: string[] = [];
  for (const item of items) {
    const here = result.findings.filter((f) => atLocator(f, item));
    const cited = here.filter((f) => cites(f, item));
    // An item with several key entries at one cell (a speed against the class limit and against Vmax) takes the findings citing its clause.
    const siblings = items.filter(
      (o) =>
        o !== item &&
        o.locator.line === item.locator.line &&
        o.locator.row === item.locator.row &&
        o.locator.column === item.locator.column &&
        o.locator.entity === item.locator.entity,
    );
    const mine = cited.length > 0 ? cited : siblings.length > 0 ? here.filter((f) => f.verdict === 'needs_review' && !f.requirement) : here;
    for (const f of mine) used.add(f);
    if (here.length > 0) checked += 1;
    if (cited.length > 0) clauseRight += 1;
    const verdict = worst(mine)?.verdict;
    if (verdict === item.expectedVerdict) verdictRight += 1;
    else wrongVerdict.push(`${item.id} ${JSON.stringify(item.locator)} expected ${item.expectedVerdict}, got ${verdict ?? 'nothing'}`);
    if (item.expectedVerdict === 'non_conformance') {
      expected += 1;
      if (cited.some((f) => f.verdict === 'non_conformance')) found += 1;
      else missed.push(`${item.id} ${JSON.stringify(item.locator)} ${item.clause}`);
    }
  }
  // A non-conformance is false unless it stands at a key item expected to be one, citing an acceptable clause.
  const falseNc = result.findings.filter(
    (f) => f.verdict === 'non_conformance' && !items.some((item) => item.expectedVerdict === 'non_conformance' && atLocator(f, item) && cites(f, item)),
  );
  totals = {
    expected: totals.expected + expected,
    found: totals.found + found,
    falseNc: totals.falseNc + falseNc.length,
    items: totals.items + items.length,
    checked: totals.checked + checked,
  };
  console.log(
    `${file}: recall of expected non-conformances ${found}/${expected} (${pct(found, expected)}), false non-conformances ${falseNc.length}, ` +
      `items checked or needs-review ${checked}/${items.length} (${pct(checked, items.length)}), clause accuracy ${pct(clauseRight, checked)}, ` +
      `verdict agreement ${verdictRight}/${items.length}; findings ${result.summary.nonConformances} non-conformance / ${result.summary.conforms} conforms / ` +
      `${result.summary.needsReview} needs review in ${ms.toFixed(0)} ms`,
  );
  for (const m of missed) console.log(`  missed ${m}`);
  for (const f of falseNc)
    console.log(
      `  false non-conformance ${f.location.entity ?? ''} ${f.location.sheet ?? f.location.section ?? ''} ${f.location.page ?? ''} ${f.location.line ?? f.location.row ?? f.location.paragraph ?? ''} ${f.location.column ?? ''}: ${f.message}`,
    );
  if (process.env.EVAL_VERBOSE) for (const w of wrongVerdict) console.log(`  verdict ${w}`);
}
console.log(
  `checked files: recall ${totals.found}/${totals.expected} (${pct(totals.found, totals.expected)}), false non-conformances ${totals.falseNc}, items checked ${totals.checked}/${totals.items} (${pct(totals.checked, totals.items)})`,
);
await database.close();
