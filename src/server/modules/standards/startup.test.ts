import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { listDocuments, listStandards } from './service';
import { autofetchEcfr, importBundledStandards, standardForFolder, startStandards } from './startup';

const fixtures = path.join(import.meta.dirname, 'importers', 'fixtures');

describe('standards at startup', () => {
  const ctx = useTestApp();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trackside-standards-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function collectLog() {
    const lines: string[] = [];
    return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
  }

  it('maps folder names to standard codes', () => {
    expect(standardForFolder('49-cfr')).toBe('49 CFR');
    expect(standardForFolder('v-line')).toBe('V/Line');
    expect(standardForFolder('metro-trains-melbourne')).toBe('Metro Trains Melbourne');
    expect(standardForFolder('Company Rules')).toBe('Company Rules');
  });

  it('imports each subfolder as its standard, skips loose files with a warning, and is idempotent', async () => {
    mkdirSync(path.join(dir, '49-cfr'));
    copyFileSync(path.join(fixtures, 'part-999.xml'), path.join(dir, '49-cfr', 'part-999.xml'));
    writeFileSync(path.join(dir, '49-cfr', 'README.md'), '# About\n\n1. Not a standard\n');
    mkdirSync(path.join(dir, 'metro-trains-melbourne'));
    copyFileSync(path.join(fixtures, 'track-standard.txt'), path.join(dir, 'metro-trains-melbourne', 'track-standard.txt'));
    writeFileSync(path.join(dir, 'loose.txt'), '1.1 Loose\n(a) Text.');
    writeFileSync(path.join(dir, 'README.md'), '# Bundled standards');
    const config = { standardsDir: dir, standardsAutofetch: false, ecfrBaseUrl: 'http://127.0.0.1:9' };

    const first = collectLog();
    const results = await importBundledStandards({ db: ctx().database.db, config, log: first.log });
    expect(results.map((r) => [r.file, r.title, r.status])).toEqual([
      ['part-999.xml', 'Part 999', 'imported'],
      ['track-standard.txt', 'track-standard', 'imported'],
    ]);
    expect(first.lines).toContain('warn Standards: skipped loose.txt: files directly in STANDARDS_DIR name no standard; put it in a subfolder such as 49-cfr/');
    expect(first.lines.filter((l) => l.includes('README'))).toEqual([]);
    const documents = await listDocuments(ctx().database.db);
    expect(documents.map((d) => [d.standard, d.title, d.clauseCount])).toEqual([
      ['49 CFR', 'Part 999', 7],
      ['Metro Trains Melbourne', 'track-standard', 7],
    ]);

    const second = collectLog();
    const { background } = await startStandards({ db: ctx().database.db, config, log: second.log });
    await background;
    expect(second.lines).toContain('info Standards: 49 CFR from 49-cfr/: 1 document, 7 clauses: 1 unchanged');
    expect(second.lines.some((l) => l.includes('eCFR'))).toBe(false); // autofetch is off
  });

  it('imports the whole bundled library: the standards of each jurisdiction with the clause counts of the corpus README, names and sources', async () => {
    const { db } = ctx().database;
    const { log } = collectLog();
    const bundled = path.resolve(import.meta.dirname, '../../../../standards');
    const results = await importBundledStandards({ db, config: { standardsDir: bundled, standardsAutofetch: false, ecfrBaseUrl: '' }, log });
    expect(results.filter((r) => r.status !== 'imported')).toEqual([]);
    // Counted from what this import stored: another test of this file adds a fixture part to 49 CFR.
    const clausesOf = (codes: string[]) => results.filter((r) => codes.includes(r.standard)).reduce((n, r) => n + r.clauses, 0);
    const loaded = await listStandards(db);
    const codesIn = (jurisdiction: string) => loaded.filter((s) => s.jurisdiction === jurisdiction && s.clauseCount > 0).map((s) => s.code);
    // shared/corpus/README.md: 49 CFR 2,991 and 49 U.S.C. 315; Canada 1,694 in 17 instruments; the EU TSI CCS 132: 5,132 in all.
    expect(clausesOf(['49 CFR'])).toBe(2991);
    expect(clausesOf(['49 U.S.C.'])).toBe(315);
    expect(codesIn('United States')).toEqual(['49 CFR', '49 U.S.C.']);
    expect(codesIn('Canada')).toHaveLength(17);
    expect(clausesOf(codesIn('Canada'))).toBe(1694);
    expect(clausesOf(codesIn('European Union'))).toBe(132);
    expect(clausesOf(loaded.map((s) => s.code))).toBe(5132);
    expect(loaded.find((s) => s.code === 'CA Grade Crossings Regulations')).toMatchObject({ name: 'Grade Crossings Regulations (SOR/2014-275)', jurisdiction: 'Canada', enabled: true });
    const documents = await listDocuments(db);
    expect(documents.find((d) => d.standard === 'CA Grade Crossings Regulations')).toMatchObject({
      title: 'SOR/2014-275',
      disciplines: ['Signaling', 'Track and Civil'],
      source: expect.stringContaining('https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/'),
    });
    expect(documents.filter((d) => d.standard === '49 U.S.C.').map((d) => d.title)).toContain('Chapter 205');
  });

  it('gives documents the disciplines their rows propose and those the catalogue adds, and follows a changed catalogue without a new import', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'trackside-disciplines-'));
    const { db } = ctx().database;
    const config = { standardsDir: root, standardsAutofetch: false, ecfrBaseUrl: '' };
    const catalogue = (alsoServes: Record<string, string[]>) =>
      writeFileSync(path.join(root, 'depot', 'catalogue.json'), JSON.stringify({ standards: [{ code: 'Depot Code', name: 'Depot Code', jurisdiction: 'Elsewhere', alsoServes }] }));
    const disciplinesOf = async () => Object.fromEntries((await listDocuments(db)).filter((d) => d.standard === 'Depot Code').map((d) => [d.title, d.disciplines]));
    try {
      mkdirSync(path.join(root, 'depot'));
      const row = (part: string, discipline: string | string[], section: string) =>
        JSON.stringify({ standard: 'Depot Code', part, section, ref: `${part} ${section}`, text: `Rule ${section}.`, discipline });
      writeFileSync(path.join(root, 'depot', 'rules.jsonl'), [row('DC-1', 'Track and Civil', '1'), row('DC-2', ['Electrical', 'Signaling'], '1'), row('DC-2', 'Electrical', '2')].join('\n'));
      catalogue({ 'DC-1': ['Structures'], 'DC-9': ['Signaling'] });

      const first = collectLog();
      await importBundledStandards({ db, config, log: first.log });
      expect(await disciplinesOf()).toEqual({ 'DC-1': ['Track and Civil', 'Structures'], 'DC-2': ['Electrical', 'Signaling'] });
      expect(first.lines.filter((l) => l.startsWith('warn'))).toEqual([
        'warn Standards: depot/catalogue.json gives disciplines to DC-9, which Depot Code has no document called',
      ]);

      // The text is unchanged, so nothing is imported again; the disciplines still follow the catalogue.
      catalogue({ 'DC-1': ['Good Practices'] });
      const again = await importBundledStandards({ db, config, log: collectLog().log });
      expect(again.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
      expect(await disciplinesOf()).toEqual({ 'DC-1': ['Track and Civil', 'Good Practices'], 'DC-2': ['Electrical', 'Signaling'] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a folder whose catalogue.json is malformed, naming the file, and imports the other folders', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'trackside-catalogue-'));
    try {
      mkdirSync(path.join(root, 'broken'));
      writeFileSync(path.join(root, 'broken', 'catalogue.json'), JSON.stringify({ standards: [{ code: 'X' }] }));
      writeFileSync(path.join(root, 'broken', 'x.jsonl'), JSON.stringify({ standard: 'X', section: '1', ref: 'X 1', text: 'A rule.' }));
      mkdirSync(path.join(root, 'good'));
      writeFileSync(path.join(root, 'good', 'catalogue.json'), JSON.stringify({ standards: [{ code: 'Yard Code', name: 'Yard Code (2026)', jurisdiction: 'Elsewhere' }] }));
      writeFileSync(path.join(root, 'good', 'yard.jsonl'), JSON.stringify({ standard: 'Yard Code', part: 'YC', section: '1', ref: 'YC 1', text: 'Walk.' }));
      const { lines, log } = collectLog();
      const results = await importBundledStandards({ db: ctx().database.db, config: { standardsDir: root, standardsAutofetch: false, ecfrBaseUrl: '' }, log });
      expect(results.map((r) => [r.standard, r.title, r.status])).toEqual([['Yard Code', 'YC', 'imported']]);
      expect(lines.find((l) => l.startsWith('warn'))).toMatch(/could not import broken\/: .*catalogue\.json: standards\.0\.name/);
      expect((await listStandards(ctx().database.db)).find((s) => s.code === 'Yard Code')).toMatchObject({ name: 'Yard Code (2026)', jurisdiction: 'Elsewhere' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('logs one info line and gives up when the eCFR cannot be reached', async () => {
    const { lines, log } = collectLog();
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await autofetchEcfr({ db: ctx().database.db, config: { standardsDir: dir, standardsAutofetch: true, ecfrBaseUrl: 'https://www.ecfr.gov' }, log, fetch: offline });
    expect(lines).toEqual(['info Standards: The eCFR at https://www.ecfr.gov cannot be reached (fetch failed); keeping the library as it is']);
  });

  it('copes with a missing STANDARDS_DIR', async () => {
    const { lines, log } = collectLog();
    const missing = path.join(dir, 'nope');
    expect(await importBundledStandards({ db: ctx().database.db, config: { standardsDir: missing, standardsAutofetch: false, ecfrBaseUrl: '' }, log })).toEqual([]);
    expect(lines).toEqual([`info Standards: ${missing} does not exist; no bundled standards to import`]);
  });
});
