import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { loadBundledCorpus } from '../../test/corpus';
import { openTestDatabase } from '../../test/database';
import { acronymInName, unknownAcronyms } from './acronyms';
import { searchClauses } from './search';

describe('unknownAcronyms', () => {
  it('takes the all-capital words the library and the vocabulary do not know, plural or not', () => {
    const known = (lexeme: string) => lexeme === 'fra';
    expect(unknownAcronyms('Can a lone worker use ITD, or do FRA rules need TWCs?', known)).toEqual(['ITD', 'TWC']);
  });

  it('leaves acronyms the vocabulary spells out (PTC, EOT) and ordinary words alone', () => {
    expect(unknownAcronyms('PTC cut out and the EOT quit. What now?', () => false)).toEqual([]);
  });
});

describe('acronymInName', () => {
  it("spells an acronym from the words of the standard's name, small words between them skipped", () => {
    expect(acronymInName('SMS', 'Railway Safety Management System Regulations, 2015 (SOR/2015-26)')).toEqual(['safety', 'management', 'system']);
    expect(acronymInName('OHS', 'On Board Trains Occupational Health and Safety Regulations (SOR/87-184)')).toEqual(['occupational', 'health', 'safety']);
    expect(acronymInName('CCS', 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)')).toEqual(['control', 'command', 'signalling']);
  });

  it('finds nothing when the initials do not run together in the name', () => {
    expect(acronymInName('RMS', 'Railway Safety Management System Regulations')).toBeUndefined();
    expect(acronymInName('ITD', '49 CFR (US Federal Railroad Administration)')).toBeUndefined();
  });
});

describe('acronym expansions over the bundled 49 CFR corpus', () => {
  let database: Database;
  const search = (question: string) => searchClauses(database.db, { standardCode: '49 CFR', question });

  beforeAll(async () => {
    database = await openTestDatabase();
    await loadBundledCorpus(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('reads an acronym as the term the library defines with those initials, and retrieves by it', async () => {
    const result = await search('Can a lone inspector protect himself with ITD on a 60 mph main?');
    expect(result.acronyms).toEqual([{ phrase: 'itd', terms: ['individual', 'train', 'detection'] }]);
    expect(result.sections.slice(0, 2).map((s) => s.section)).toContain('214.337');
  });

  it('does not spell out an acronym from words that merely share its initials ("each public authority" for EPA)', async () => {
    expect((await search('EPA noise limit for hump yard retarders?')).acronyms).toEqual([]);
  });
});
