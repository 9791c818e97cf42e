import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { listDocuments } from './service';
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
