import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { answerQuestion } from '../assistant/extractive-answer';
import { readFolderCatalogue, registerCatalogue } from './folder-catalogue';
import { importStandardFiles } from './import-files';
import { searchClauses, typedRefs } from './search';
import { seedStandardCatalogue } from './service';

/**
 * Retrieval over a library of several jurisdictions: parts of 49 CFR beside Canadian
 * regulations, the Railway Safety Act, the US Code and the EU TSI, imported as the server
 * imports the bundled folders (their catalogues give names and jurisdictions).
 */
const standardsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../standards');
const CFR = '49 CFR';
const GCR = 'CA Grade Crossings Regulations';
const RSA = 'CA Railway Safety Act';
const SAS = 'CA Railway Safety Appliance Standards Regulations';
const OHS = 'CA On Board Trains Occupational Health and Safety Regulations';
const TSI = 'EU TSI CCS (Decision 2012/88/EU)';
const USC = '49 U.S.C.';

async function importFiles(db: Database['db'], folder: string, files: string[]): Promise<void> {
  const catalogue = await readFolderCatalogue(path.join(standardsDir, folder));
  if (catalogue) await registerCatalogue(db, catalogue);
  for (const file of files) await importStandardFiles(db, { standard: CFR, file: path.join(standardsDir, folder, file) });
}

describe('retrieval across jurisdictions', () => {
  let database: Database;
  const ask = (standardCode: string, question: string, jurisdiction: string) =>
    answerQuestion(database.db, { standardCode, standardName: standardCode, jurisdiction, question, discipline: 'Signaling' });
  const search = (standardCode: string, question: string) => searchClauses(database.db, { standardCode, question });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedStandardCatalogue(database.db);
    await importFiles(database.db, '49-cfr', ['part-234.jsonl']);
  }, 120_000);
  afterAll(() => database.close());

  it('keeps word statistics per standard: loading other standards changes nothing of a 49 CFR search', async () => {
    const question = 'How often must the warning system at a crossing be tested?';
    const before = await search(CFR, question);
    await importFiles(database.db, 'canada', ['grade-crossings-regulations.jsonl', 'railway-safety-act.jsonl', 'railway-safety-appliance-standards-regulations.jsonl']);
    await importFiles(database.db, 'eu-tsi', ['tsi-ccs-2012-88.jsonl']);
    await importFiles(database.db, '49-usc', ['chapters-201-213.jsonl']);
    const after = await search(CFR, question);
    expect(after.clauseCount).toBe(before.clauseCount);
    for (const word of ['warn', 'system', 'cross', 'test', 'railway']) expect(after.documentFrequency(word)).toBe(before.documentFrequency(word));
    expect(after.sections.map((s) => [s.section, s.score])).toEqual(before.sections.map((s) => [s.section, s.score]));
    // The Canadian regulation's statistics are its own: 144 clauses, and "railway" everywhere in them.
    const canadian = await search(GCR, question);
    expect(canadian.clauseCount).toBe(144);
    expect(canadian.documentFrequency('railway')).toBeGreaterThan(after.documentFrequency('railway'));
  }, 120_000);

  it('answers a Canadian question from the Canadian regulation, cited as Canada writes it', async () => {
    const answer = await ask(GCR, 'How long can a stopped train block a public crossing while cars are waiting to get across?', 'Canada');
    expect(answer.coverage.status).toBe('covered');
    expect(answer.citations[0]).toMatchObject({ standard: GCR, section: '97' });
    expect(answer.response).toContain('[SOR/2014-275, s. 97(2)]');
    expect(answer.response).not.toContain('CA Grade Crossings Regulations SOR/2014-275');
    expect(answer.response.split('\n')[0]).toContain('5 minutes');
    // The opening gives the figure asked for: s. 107 (stopping before a crossing) would only add noise.
    expect(answer.citations.map((c) => c.section)).toEqual(['97']);
  });

  it('reads a US engineer’s words as the Canadian text writes them (railroad, horn, town)', async () => {
    const horns = await search(RSA, 'Can a town stop trains from sounding their horns within its limits?');
    expect(horns.dialect.map((d) => d.phrase)).toEqual(expect.arrayContaining(['town', 'horns', 'trains']));
    expect(horns.sections[0]?.section).toBe('23.1');
  });

  it('declines a question naming Canada on 49 CFR, and answers it from the Canadian regulation', async () => {
    const question = 'What sightlines does Canada require at a grade crossing?';
    const american = await ask(CFR, question, 'United States');
    expect(american.coverage.status).toBe('not_covered');
    expect(american.coverage.uncovered).toContain('Canada');
    expect(american.citations).toEqual([]);
    const canadian = await ask(GCR, question, 'Canada');
    expect(canadian.coverage.status).toBe('covered');
    expect(['19', '20', '21', '22', '23']).toContain(canadian.citations[0]?.section);
    // "Canada" weighs nothing where every clause applies in Canada.
    expect(canadian.coverage.uncovered).not.toContain('Canada');
  });

  it('answers a time limit asked "how quickly" from the clause that sets it, not from one that says "quick"', async () => {
    await importFiles(database.db, 'canada', ['on-board-trains-ohs-regulations.jsonl']);
    const answer = await ask(OHS, 'How quickly must an employer phone in an explosion on board?', 'Canada');
    expect(answer.ranked[0]?.section).toBe('11.4');
    expect(answer.coverage.status).toBe('covered');
    expect(answer.citations[0]).toMatchObject({ standard: OHS, section: '11.4' });
    expect(answer.response.split('\n')[0]).toContain('24 hours');
    // 5.3 has "quick and safe operation" of control devices: no time limit.
    expect(answer.citations.map((c) => c.section)).not.toContain('5.3');
  });

  it('answers an EU question from the TSI, reading "trackside" as the TSI writes it', async () => {
    const answer = await ask(TSI, 'When are we obliged to fit GSM-R on the trackside?', 'European Union');
    expect(answer.coverage.status).toBe('covered');
    expect(answer.citations[0]).toMatchObject({ standard: TSI, section: '7.2.7.1' });
    expect(answer.response).toContain('[TSI CCS 7.2.7.1]');
  });

  it('answers a 49 CFR question from 49 CFR with Canadian clauses on the same subject loaded beside it', async () => {
    // s. 103 of the Grade Crossings Regulations is about the same failure; 49 CFR's own answer must not move.
    const answer = await ask(CFR, 'How quickly must a railroad report a grade crossing warning system failure?', 'United States');
    expect(answer.coverage.status).toBe('covered');
    expect(answer.citations.map((c) => c.standard)).toEqual(answer.citations.map(() => CFR));
    expect(answer.citations[0]?.section).toBe('234.9');
    expect(answer.response.split('\n')[0]).toContain('15 days');
  });

  it('declines a question about the US asked of a Canadian regulation', async () => {
    const answer = await ask(GCR, 'What does the FRA require for quiet zones in the United States?', 'Canada');
    expect(answer.coverage.status).toBe('not_covered');
  });

  it('finds refs typed as each jurisdiction writes them, within the selected standard', async () => {
    for (const question of ['What does s. 95 require?', 'section 95', 'SOR/2014-275 s. 95', 'SOR/2014-275, s. 95 — what does it say?']) {
      const result = await search(GCR, question);
      expect(result.sections[0]?.section, question).toBe('95');
      expect(result.exactRefs).toEqual(['SOR/2014-275, s. 95']);
    }
    expect((await search(RSA, 'What does s. 23.1 say?')).sections[0]?.section).toBe('23.1');
    expect((await search(SAS, 'Sch. I, s. 2')).sections[0]?.section).toBe('Sch. I, s. 2');
    expect((await search(TSI, '4.2.1')).sections[0]?.section).toBe('4.2.1');
    expect((await search(TSI, 'What does 4.2.6.3 require of odometry?')).exactRefs).toEqual(['TSI CCS 4.2.6.3']);
    expect((await search(USC, '20103')).sections[0]?.section).toBe('20103');
    expect((await search(USC, 'What does 49 U.S.C. 21103(a) limit?')).sections[0]?.section).toBe('21103');
    expect((await search(CFR, 'What does § 234.225 require?')).sections[0]?.section).toBe('234.225');
    // A typed ref answers even where its words alone would not.
    const typed = await ask(GCR, 'SOR/2014-275, s. 95', 'Canada');
    expect(typed.citations[0]?.ref).toBe('SOR/2014-275, s. 95');
  });
});

describe('typedRefs', () => {
  const sections = (question: string) => typedRefs(question).map((r) => r.section);

  it('reads Canadian, TSI, US Code and CFR refs', () => {
    expect(typedRefs('SOR/2014-275, s. 12(1)(a)')).toEqual([{ section: '12', ref: '12(1)(a)' }]);
    expect(sections('section 95 and s. 23.1')).toEqual(['95', '23.1']);
    expect(sections('Schedule I section 112.2')).toEqual(['Sch. I, s. 112.2']);
    expect(sections('TSI CCS 4.2.1.1')).toEqual(['4.2.1.1']);
    expect(sections('clause 4.2 of the TSI')).toEqual(['4.2']);
    expect(typedRefs('49 U.S.C. 21103(a)')).toEqual([{ section: '21103', ref: '21103(a)' }]);
    expect(typedRefs('§ 234.225(a) and 236.15')).toEqual([
      { section: '234.225', ref: '234.225(a)' },
      { section: '236.15', ref: '236.15' },
    ]);
  });

  it('reads no ref into figures, prices or form numbers', () => {
    expect(sections('gauge 4.5 inches at 60 mph')).toEqual([]);
    expect(sections('a $20,000 fine on 12 cars. 5 of them')).toEqual([]);
    expect(sections('Form FRA F 6180.54')).toEqual([]);
  });
});
