import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check, CheckFinding } from '../../../../shared/schemas/checks';
import { loadBundledCorpus } from '../../../test/corpus';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { checkDocument, loadCheckLibrary } from '../engine';
import { readDocument } from '../readers';
import { buildCheckReport } from './index';
import { rowCells } from './value-in-statement';
import { buildCheck, buildFinding, fromEngine, TEST_EDITION, TEST_GENERATED_AT } from './test-checks';
import { changeAndCommentIds, commentsOf, malformedParts, paragraphsOf, tablesOf, unpack, type ParsedParagraph } from './test-read-back';

const samples = path.resolve(import.meta.dirname, '../../../../../../shared/design-samples');
const hasSamples = fs.existsSync(path.join(samples, 'curve-schedule.csv'));

interface ReadBack {
  parts: Record<string, string>;
  body: ParsedParagraph[];
  bodyText: string;
  comments: { id: string; author?: string; text: string }[];
  tables: string[][][];
}

/** Builds the report and reads it back, failing on any part that is not well-formed XML. */
async function report(check: Check): Promise<ReadBack> {
  const bytes = await buildCheckReport(check, { generatedAt: TEST_GENERATED_AT });
  const parts = unpack(bytes);
  expect(malformedParts(parts)).toEqual([]);
  const body = paragraphsOf(parts['word/document.xml']!);
  return {
    parts,
    body,
    bodyText: body.map((p) => p.accepted).join('\n'),
    comments: parts['word/comments.xml'] ? commentsOf(parts['word/comments.xml']) : [],
    tables: tablesOf(parts['word/document.xml']!),
  };
}

/** The paragraphs carrying a tracked change. */
const redlined = (r: ReadBack) => r.body.filter((p) => p.pieces.some((piece) => piece.kind === 'del' || piece.kind === 'ins'));
const deleted = (p: ParsedParagraph) => p.pieces.filter((x) => x.kind === 'del').map((x) => x.text);
const inserted = (p: ParsedParagraph) => p.pieces.filter((x) => x.kind === 'ins').map((x) => x.text);

/** What Word needs to open the file without repair: ids unique across changes and comments, each comment anchored and referenced once. */
function expectSoundIds(r: ReadBack): void {
  const documentXml = r.parts['word/document.xml']!;
  const ids = [...changeAndCommentIds(documentXml), ...changeAndCommentIds(r.parts['word/comments.xml'] ?? '')].map((x) => x.id);
  expect(new Set(ids).size).toBe(ids.length);
  const pieces = r.body.flatMap((p) => p.pieces);
  for (const comment of r.comments) {
    for (const kind of ['commentStart', 'commentEnd', 'commentRef'] as const) {
      expect(
        pieces.filter((p) => p.kind === kind && p.id === comment.id),
        `${kind} of comment ${comment.id}`,
      ).toHaveLength(1);
    }
  }
  const known = new Set(r.comments.map((c) => c.id));
  expect(pieces.filter((p) => p.kind.startsWith('comment') && !known.has(p.id!))).toEqual([]);
  for (const change of pieces.filter((p) => p.kind === 'del' || p.kind === 'ins')) {
    expect(change).toMatchObject({ author: 'Trackside', date: TEST_GENERATED_AT.toISOString() });
  }
  for (const table of r.tables) expect(table.length, 'a table has a row besides its header').toBeGreaterThan(1);
}

describe.runIf(hasSamples)('a report of the engine’s findings on the design samples', () => {
  let database: TestDatabase;
  const checks = new Map<string, Check>();
  beforeAll(async () => {
    database = await openTestDatabase();
    await loadBundledCorpus(database.db, ['213', '214', '234', '237']);
    const library = await loadCheckLibrary(database.db);
    for (const name of ['curve-schedule.csv', 'geometry-exceptions.csv', 'curve-schedule.xlsx']) {
      const bytes = fs.readFileSync(path.join(samples, name));
      const result = checkDocument(await readDocument(bytes, name), library);
      const type = name.endsWith('.csv') ? 'csv' : 'xlsx';
      checks.set(name, buildCheck(fromEngine(result), { document: { name, type, bytes: bytes.length } }));
    }
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('curve schedule: each non-conforming row quoted as written, the value struck and the limit inserted in its own cell', async () => {
    const check = checks.get('curve-schedule.csv')!;
    const r = await report(check);
    expectSoundIds(r);
    const nonConformances = check.findings.filter((f) => f.verdict === 'non_conformance');
    expect(nonConformances).toHaveLength(7);
    const changed = redlined(r);
    // Every one in place: no statement needed the "Proposed:" fallback.
    expect(changed).toHaveLength(7);
    expect(r.bodyText).not.toContain('Proposed:');
    changed.forEach((paragraph, i) => {
      const finding = nonConformances[i]!;
      expect(paragraph.original).toBe(finding.location.text);
    });
    const cellsOf = (text: string) => rowCells(text, true).map((c) => c.text);
    const byRow = (curve: string, column: number) =>
      changed.filter((p) => p.original.startsWith(`${curve},`)).find((p) => cellsOf(p.accepted)[column] !== cellsOf(p.original)[column]);
    // C-05 superelevation 7.25 in (column I, index 8) → 7 in.
    expect(deleted(byRow('C-05', 8)!)).toEqual(['7.25']);
    expect(inserted(byRow('C-05', 8)!)).toEqual(['7']);
    // C-11 freight 60 mph over Vmax 57.7: the freight cell (index 11), not the passenger cell that also says 60.
    const c11 = byRow('C-11', 11)!;
    expect([deleted(c11), inserted(c11)]).toEqual([['60'], ['57.7']]);
    expect(cellsOf(c11.accepted).slice(11, 13)).toEqual(['57.7', '60']);
    // C-22 passenger 60 mph over Vmax 56.7 (index 12).
    expect(cellsOf(byRow('C-22', 12)!.accepted)[12]).toBe('56.7');
    // C-27: the cant deficiency cell (index 14) 5 → 3, not the "Eu 5 in." of the approval text.
    const c27 = byRow('C-27', 14)!;
    expect([deleted(c27), inserted(c27)]).toEqual([['5'], ['3']]);
    expect(cellsOf(c27.accepted)[15]).toBe('Series 300 — Eu 5 in., FRA application pending');
    expect(inserted(byRow('C-16', 12)!)).toEqual(['80']);
    expect(inserted(byRow('C-32', 11)!)).toEqual(['40']);
  });

  it('curve schedule: a comment per non-conformance citing the clause with its quote and the finding’s message', async () => {
    const check = checks.get('curve-schedule.csv')!;
    const r = await report(check);
    const nonConformances = check.findings.filter((f) => f.verdict === 'non_conformance');
    expect(r.comments).toHaveLength(nonConformances.length);
    r.comments.forEach((comment, i) => {
      const finding = nonConformances[i]!;
      expect(comment.author).toBe('Trackside');
      expect(comment.text).toContain(`49 CFR ${finding.requirement!.ref}: “${finding.requirement!.quote}”`);
      expect(comment.text).toContain(finding.message);
    });
    expect(r.comments[0]!.text).toContain('49 CFR 213.57(a): “and 7 inches on track Classes 3 through 5”');
  });

  it('curve schedule: summary, facts and a findings table of 240 rows with the non-conformances first', async () => {
    const check = checks.get('curve-schedule.csv')!;
    const r = await report(check);
    expect(r.body[0]!.accepted).toBe('Document check report');
    expect(r.bodyText).toContain('Document: curve-schedule.csv');
    expect(r.bodyText).toContain('Type: CSV');
    expect(r.bodyText).toContain(`Library edition: ${TEST_EDITION}`);
    expect(r.bodyText).toContain('Checked: 2026-06-30 14:02 UTC');
    expect(r.bodyText).toContain('Checked by: Dana Whitfield');
    expect(r.bodyText).toContain('Report generated: 2026-07-01 09:30 UTC');
    expect(r.bodyText).toContain('7 non-conformances, 233 conforming, 0 needing review.');
    expect(r.bodyText).toContain('No verdict was overridden by a reviewer.');
    const findings = r.tables[0]!;
    expect(findings[0]).toEqual(['Verdict', 'Parameter', 'Stated', 'Limit', 'Clause', 'Location', 'Marks']);
    expect(findings).toHaveLength(241);
    expect(findings.slice(1, 8).every((row) => row[0] === 'Non-conformance')).toBe(true);
    expect(findings.slice(8).every((row) => row[0] === 'Conforms')).toBe(true);
    expect(findings[1]).toEqual([
      'Non-conformance',
      'Elevation of the outside rail of a curve\nSuperelevation Ea (in)',
      '7.25 in',
      '≤ 7 in',
      '49 CFR 213.57(a)',
      'CSV line 6',
      '',
    ]);
    expect(r.parts['word/document.xml']).toMatch(/<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"\/>/);
    expect(r.bodyText).toContain('Second pass: every clause quote in this report was re-matched against that edition of the library');
  });

  it('geometry exceptions: all 13 redlined in place, maxima and the tight-gage minimum', async () => {
    const check = checks.get('geometry-exceptions.csv')!;
    const r = await report(check);
    expectSoundIds(r);
    const changed = redlined(r);
    expect(changed).toHaveLength(13);
    const nonConformances = check.findings.filter((f) => f.verdict === 'non_conformance');
    const pairs = changed.map((p, i) => {
      expect(p.original).toBe(nonConformances[i]!.location.text);
      return `${deleted(p).join('')}→${inserted(p).join('')}`;
    });
    expect(pairs).toEqual(expect.arrayContaining(['1.38→1.25', '1.63→1.5', '2.19→2', '57.69→57.5', '1.13→1', '55.94→56', '2.13→2']));
  });

  it('curve schedule as XLSX: the row as the reader joined it, the cell named', async () => {
    const check = checks.get('curve-schedule.xlsx')!;
    const r = await report(check);
    expectSoundIds(r);
    expect(redlined(r)).toHaveLength(7);
    expect(r.tables[0]![1]![5]).toBe('sheet Curve Schedule, cell I10');
    const c11 = redlined(r).find((p) => p.original.startsWith('C-11 |'))!;
    expect(c11.accepted).toContain(' | 4 | 57.7 | 60 | ');
  });
});

describe('a report of hand-written checks', () => {
  const review = (verdict: CheckFinding['verdict'], note: string, at = '2026-07-01T08:15:00.000Z') => ({ verdict, note, by: 'Priya Natarajan', at });

  it('names every kind of location and marks overridden and model-extracted findings', async () => {
    const check = buildCheck([
      buildFinding({ verdict: 'conforms', location: { page: 4, line: 12, text: 'Superelevation is 5 in. on curve 3.' }, value: 5 }),
      buildFinding({ verdict: 'conforms', location: { sheet: 'Curve Schedule', row: 10, cell: 'I10', column: 'Ea (in)', text: 'C-05 | 5' }, value: 5 }),
      buildFinding({ verdict: 'conforms', location: { line: 6, row: 6, column: 'Ea (in)', text: 'C-05,5' }, value: 5 }),
      buildFinding({ verdict: 'conforms', location: { entity: '#135', text: "IFCALIGNMENTCANTSEGMENT('5 in')" }, value: 5 }),
      buildFinding({ verdict: 'conforms', location: { row: 3, column: 'Ea (in)', text: 'C-05 | 5' }, value: 5, extractedBy: 'model' }),
      buildFinding({ verdict: 'non_conformance', value: 7.5, reviewer: review('conforms', 'Temporary elevation, removed in stage 2.') }),
    ]);
    const r = await report(check);
    const rows = r.tables[0]!.slice(1);
    // All conform once the override counts, so the table keeps the document's order.
    expect(rows.map((row) => row[5])).toEqual([
      'page 4, line 12',
      'sheet Curve Schedule, cell I10',
      'line 6',
      'IFC entity #135',
      'table row 3',
      'page 4, line 12',
    ]);
    expect(rows.map((row) => row[6])).toEqual(['', '', '', '', 'Model-extracted', 'Overridden by Priya Natarajan']);
    expect(rows[5]![0]).toBe('Conforms\n(engine: Non-conformance)');
    expect(rows[0]![0]).toBe('Conforms');
    expect(r.bodyText).toContain('0 non-conformances, 6 conforming, 0 needing review.');
    expect(r.bodyText).toContain('1 verdict was overridden by a reviewer; the counts above use the reviewers’ verdicts.');
  });

  it('counts overrides, redlines a finding a reviewer made non-conforming, and lists the audit trail', async () => {
    const engineNc = buildFinding({ id: 'a1' });
    const cleared = buildFinding({
      id: 'a2',
      value: 8,
      location: { page: 5, line: 3, text: 'Curve H-02 has 8 in. of elevation.' },
      reviewer: review('conforms', 'Class 2 track: 8 in. allowed.'),
    });
    const raised = buildFinding({
      id: 'a3',
      verdict: 'needs_review',
      parameter: 'max_operating_speed',
      value: 45,
      unit: 'mph',
      requirement: null,
      location: { page: 2, line: 7, text: 'Yard lead speed 45 mph.' },
      message: 'Maximum operating speed 45 mph: no enabled requirement applies to the conditions stated; review it.',
      reviewer: review('non_conformance', 'Yard lead is Class 1: 10 mph.', '2026-07-01T08:20:00.000Z'),
    });
    const waiting = buildFinding({
      id: 'a4',
      verdict: 'needs_review',
      value: 7.25,
      location: { page: 6, line: 20, text: 'Ferris Yard connecting track: 7.25 in.' },
      message: 'Elevation of the outside rail of a curve 7.25 in: the verdict depends on what the document does not state (track class).',
    });
    const check = buildCheck([engineNc, cleared, raised, waiting], {
      audit: [
        {
          findingId: 'a2',
          from: 'non_conformance',
          to: 'conforms',
          note: 'Class 2 track: 8 in. allowed.',
          by: 'Priya Natarajan',
          at: '2026-07-01T08:15:00.000Z',
        },
        {
          findingId: 'a3',
          from: 'needs_review',
          to: 'non_conformance',
          note: 'Yard lead is Class 1: 10 mph.',
          by: 'Priya Natarajan',
          at: '2026-07-01T08:20:00.000Z',
        },
      ],
    });
    const r = await report(check);
    expectSoundIds(r);
    expect(r.bodyText).toContain('2 non-conformances, 1 conforming, 1 needing review.');
    expect(r.bodyText).toContain('2 verdicts were overridden by a reviewer');
    // The engine's non-conformance in place; the reviewer's has no limit to insert, so its comment hangs on the statement.
    expect(redlined(r)).toHaveLength(1);
    expect(r.comments).toHaveLength(2);
    expect(r.comments[1]!.text).toContain('no limit to insert');
    expect(r.comments[1]!.text).toContain('Reviewer Priya Natarajan (2026-07-01 08:20 UTC): Yard lead is Class 1: 10 mph.');
    const anchored = r.body.find((p) => p.original === 'Yard lead speed 45 mph.')!;
    expect(anchored.pieces.map((p) => p.kind)).toEqual(['commentStart', 'text', 'commentEnd', 'commentRef']);
    // Needs review: why and where.
    expect(r.bodyText).toContain(
      'Elevation of the outside rail of a curve: 7.25 in — page 6, line 20 (49 CFR 213.57(a)). Elevation of the outside rail of a curve 7.25 in: the verdict depends on what the document does not state (track class).',
    );
    // The audit trail comes before the table of every finding.
    const audit = r.tables[0]!;
    expect(audit[0]).toEqual(['Finding', 'Who', 'When', 'From → to', 'Note']);
    expect(audit.slice(1)).toEqual([
      [
        'Elevation of the outside rail of a curve\npage 5, line 3',
        'Priya Natarajan',
        '2026-07-01 08:15 UTC',
        'Non-conformance → Conforms',
        'Class 2 track: 8 in. allowed.',
      ],
      ['Maximum operating speed\npage 2, line 7', 'Priya Natarajan', '2026-07-01 08:20 UTC', 'Needs review → Non-conformance', 'Yard lead is Class 1: 10 mph.'],
    ]);
  });

  it('redlines the written forms of values in prose, in the statement’s own notation', async () => {
    const cases: [Partial<CheckFinding>, string, string][] = [
      [{ value: 7.5, location: { page: 3, line: 4, text: 'Maximum superelevation 7 1/2 in. on curve C-05.' } }, '7 1/2', '7'],
      [{ value: 7.5, location: { page: 3, line: 5, text: 'Maximum superelevation 7½ in. on curve C-06.' } }, '7½', '7'],
      [
        {
          parameter: 'rail_end_mismatch',
          value: 0.25,
          location: { page: 4, line: 1, text: 'Rail end mismatch on the tread is held to 1/4 in.' },
          requirement: { standard: '49 CFR', ref: '213.115', quote: 'Class 4 and 5 track | 3/16 | 3/16', limit: '≤ 0.1875 in' },
        },
        '1/4',
        '3/16',
      ],
      [
        {
          parameter: 'max_operating_speed',
          value: 45,
          unit: 'mph',
          location: { page: 2, line: 9, text: 'Freight trains run at 45 mph on Class 3 track.' },
          requirement: { standard: '49 CFR', ref: '213.9(a)', quote: 'Class 3 track | 40 | 60', limit: '≤ 40 mph' },
        },
        '45',
        '40',
      ],
      [
        {
          parameter: 'bridge_inspection_interval',
          value: 548,
          unit: 'days',
          location: { page: 7, line: 2, text: 'Timber trestles are inspected at intervals of up to 548 days.' },
          requirement: { standard: '49 CFR', ref: '237.101(a)', quote: 'at least once in each calendar year', limit: '≤ 540 days' },
        },
        '548',
        '540',
      ],
    ];
    const check = buildCheck(cases.map(([overrides]) => buildFinding(overrides)));
    const r = await report(check);
    expectSoundIds(r);
    const changed = redlined(r);
    expect(changed.map((p) => [p.original, deleted(p).join(''), inserted(p).join('')])).toEqual(cases.map(([f, del, ins]) => [f.location!.text, del, ins]));
    expect(r.comments.map((c) => c.text.split('\n')[0])).toEqual(
      cases.map(([f]) => `49 CFR ${(f.requirement ?? buildFinding().requirement)!.ref}: “${(f.requirement ?? buildFinding().requirement)!.quote}”`),
    );
  });

  it('quotes a statement whose value it cannot tell apart unchanged and proposes the change beneath', async () => {
    const statement = 'Design speeds: 60 mph freight and 60 mph passenger through curve C-22.';
    const check = buildCheck([
      buildFinding({
        parameter: 'max_operating_speed',
        value: 60,
        unit: 'mph',
        location: { page: 5, line: 14, text: statement },
        requirement: {
          standard: '49 CFR',
          ref: '213.57(b)',
          quote: 'Vmax = √( (Ea + Eu) / (0.0007 × D) )',
          limit: '≤ Vmax 56.7 mph = Vmax = √((Ea + Eu)/(0.0007·D)) with Ea 5 in., Eu 4 in., D 4°',
        },
        message: 'Curving speed 60 mph exceeds Vmax 56.7 mph by 3.3 mph (§ 213.57(b)).',
      }),
    ]);
    const r = await report(check);
    expectSoundIds(r);
    const quoted = r.body.filter((p) => p.original === statement);
    expect(quoted).toHaveLength(1);
    expect(quoted[0]!.pieces.every((p) => p.kind === 'text')).toBe(true);
    const [proposal] = redlined(r);
    expect(proposal!.original).toBe('Proposed: Maximum operating speed: 60 mph');
    expect(deleted(proposal!)).toEqual(['60 mph']);
    expect(inserted(proposal!)).toEqual(['56.7 mph']);
    expect(r.comments[0]!.text).toContain('49 CFR 213.57(b): “Vmax = √( (Ea + Eu) / (0.0007 × D) )”');
  });

  it('proposes the limit alone for a value not read as a number, and inserts a limit without a figure in its own words', async () => {
    const check = buildCheck([
      buildFinding({ value: null, location: { page: 2, line: 3, text: 'Superelevation: seven and a half inches.' } }),
      buildFinding({
        parameter: 'bridge_inspection_interval',
        value: 548,
        unit: 'days',
        location: { page: 7, line: 2, text: 'Trestles are inspected every 548 days.' },
        requirement: { standard: '49 CFR', ref: '237.101(a)', quote: 'at least once in each calendar year', limit: 'once in each calendar year' },
      }),
    ]);
    const r = await report(check);
    expectSoundIds(r);
    const [proposal, inPlace] = redlined(r);
    expect(proposal!.original).toBe('Proposed: Elevation of the outside rail of a curve: ');
    expect([deleted(proposal!), inserted(proposal!)]).toEqual([[], ['≤ 7 in']]);
    expect(r.body.some((p) => p.original === 'Superelevation: seven and a half inches.' && p.pieces.every((x) => x.kind === 'text'))).toBe(true);
    expect(inPlace!.original).toBe('Trestles are inspected every 548 days.');
    expect([deleted(inPlace!), inserted(inPlace!)]).toEqual([['548 days'], ['once in each calendar year']]);
  });

  it('keeps XML-special characters, line breaks and long quotes exactly as written', async () => {
    const special = 'Note <A&B> "quoted" \'single\' — elevation 7.5 in. > 7 in. & rising';
    const long = `${'Lorem ipsum track design basis text. '.repeat(150)}Superelevation 7.5 in. here. ${'More words follow. '.repeat(150)}`;
    const multiline = 'First line of a quoted cell\nsecond line with 7.5 in.\nthird line';
    const check = buildCheck(
      [
        buildFinding({ location: { page: 1, line: 1, text: special }, message: 'Fails <7 in> & more' }),
        buildFinding({
          location: { page: 2, line: 1, text: long },
          requirement: { standard: '49 CFR', ref: '213.57(a)', quote: 'a & b < c', limit: '≤ 7 in' },
        }),
        buildFinding({ location: { page: 3, line: 1, text: multiline } }),
      ],
      { document: { name: 'R&D <draft> "v2".pdf', type: 'pdf', pages: 3, bytes: 10 }, owner: 'O’Brien & Co <eng>' },
    );
    const r = await report(check);
    expectSoundIds(r);
    const changed = redlined(r);
    expect(changed.map((p) => p.original)).toEqual([special, long, multiline]);
    expect(changed.map((p) => deleted(p).join(''))).toEqual(['7.5', '7.5', '7.5']);
    expect(r.bodyText).toContain('Document: R&D <draft> "v2".pdf');
    expect(r.bodyText).toContain('Checked by: O’Brien & Co <eng>');
    expect(r.comments[0]!.text).toContain('Fails <7 in> & more');
    expect(r.comments[1]!.text).toContain('49 CFR 213.57(a): “a & b < c”');
  });

  it('says so when a check has no findings, with no empty table and no comments', async () => {
    const r = await report(buildCheck([]));
    expectSoundIds(r);
    expect(r.tables).toEqual([]);
    expect(r.comments).toEqual([]);
    expect(r.bodyText).toContain('The check found no value in the document that a requirement limits, so there are no findings.');
    expect(r.bodyText).toContain('No non-conformances.');
    expect(r.bodyText).toContain('No finding needs review.');
    expect(r.bodyText).toContain('No verdict was overridden.');
    expect(r.bodyText).toContain(`Library edition: ${TEST_EDITION}`);
  });
});

const soffice = ['soffice', 'libreoffice'].find((name) => spawnSync('which', [name]).status === 0);

describe('opening the report in LibreOffice', () => {
  it.runIf(soffice !== undefined)(
    'converts to PDF and plain text with the redline and comments present',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-report-'));
      const file = path.join(dir, 'report.docx');
      fs.writeFileSync(
        file,
        await buildCheckReport(buildCheck([buildFinding(), buildFinding({ verdict: 'needs_review' })]), { generatedAt: TEST_GENERATED_AT }),
      );
      execFileSync(soffice!, ['--headless', '--convert-to', 'pdf', '--outdir', dir, file], { timeout: 120_000 });
      execFileSync(soffice!, ['--headless', '--convert-to', 'txt:Text', '--outdir', dir, file], { timeout: 120_000 });
      expect(fs.statSync(path.join(dir, 'report.pdf')).size).toBeGreaterThan(1000);
      expect(fs.readFileSync(path.join(dir, 'report.txt'), 'utf8')).toContain('Document check report');
      fs.rmSync(dir, { recursive: true, force: true });
    },
    300_000,
  );
  it.skipIf(soffice !== undefined)('is skipped: neither soffice nor libreoffice is installed on this machine', () => {});
});
