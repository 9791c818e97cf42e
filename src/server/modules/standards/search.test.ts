import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { loadBundledCorpus } from '../../test/corpus';
import { openTestDatabase } from '../../test/database';
import { derailPosition, yardRules } from '../../test/yard-rules';
import { answerQuestion } from '../assistant/extractive-answer';
import { namedTrackClasses, searchClauses } from './search';
import { deleteDocument, importDocument, listDocuments } from './service';

const ask = (question: string, discipline = 'Track and Civil') => ({ standardCode: '49 CFR', question, discipline });

describe('namedTrackClasses', () => {
  it('reads the track classes a question names, and high speed as class 6', () => {
    expect(namedTrackClasses('Track is rated class 4. Top speed?')).toEqual([4]);
    expect(namedTrackClasses('gage on classes 2 and 3 track')).toEqual([2, 3]);
    expect(namedTrackClasses('Class 7 track surface')).toEqual([7]);
    expect(namedTrackClasses('inspection of high-speed track')).toEqual([6]);
    expect(namedTrackClasses('how often must ties be inspected?')).toEqual([]);
  });
});

describe('searchClauses and the extractive answer over the bundled 49 CFR corpus', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await loadBundledCorpus(database.db);
  });
  afterAll(() => database.close());

  it('prefers the section for the track class the question names over its Class 6+ twin', async () => {
    const result = await searchClauses(database.db, ask('Track is rated class 4. What is the top speed for freight and for passenger trains?'));
    // 213.307 (Subpart G, classes 6 and higher) has the same heading as 213.9.
    expect(result.sections[0]?.section).toBe('213.9');
    expect(result.sections.findIndex((s) => s.section === '213.307')).not.toBe(0);
  });

  it('searches words joined by a slash one by one ("accidents/incidents")', async () => {
    const result = await searchClauses(database.db, ask('When is our monthly accident/incident report due at FRA?', 'Good Practices'));
    expect(result.terms.has('incid')).toBe(true);
    expect(result.sections[0]?.section).toBe('225.11');
  });

  it('drops contractions instead of searching for "ve" and "isn"', async () => {
    const result = await searchClauses(database.db, ask("We've designated it excepted track but it isn't marked. What's required?"));
    expect([...result.terms.keys()]).not.toContain('ve');
    expect([...result.terms.keys()]).not.toContain('isn');
    expect(result.terms.has('except')).toBe(true);
  });

  it('counts a question that covers a section heading as being about that section', async () => {
    const result = await searchClauses(database.db, ask("what's the widest gage we can have on class 3 track before it counts as a defect?"));
    expect(result.sections[0]?.section).toBe('213.53');
  });

  it('cites the best section first and a runner-up only when it adds words of the question', async () => {
    const answer = await answerQuestion(database.db, {
      ...ask("what's the widest gage we can have on class 3 track before it counts as a defect?"),
      standardName: '49 CFR',
    });
    expect(answer.citations[0]?.section).toBe('213.53');
    expect(new Set(answer.citations.map((c) => c.section))).toEqual(new Set(['213.53']));
    // The first line answers: the upper bound ("widest") for the class named, cited to its paragraph.
    expect(answer.response.split('\n')[0]).toBe('**Class 2 and 3 track — not more than: 4′9 3/4″** [49 CFR 213.53(b)]');
  });

  it('reads a table row in the answer with its column headings, units and wrapped label', async () => {
    const speeds = await answerQuestion(database.db, { ...ask("Track is rated class 4. What's the top speed for freight and for passenger trains?"), standardName: '49 CFR' });
    expect(speeds.response.split('\n')[0]).toBe(
      '**Class 4 track — maximum allowable operating speed for freight trains: 60 mph; maximum allowable operating speed for passenger trains: 80 mph** [49 CFR 213.9(a)]',
    );
    expect(speeds.response).toContain(
      '- Class 4 track (in miles per hour): The maximum allowable operating speed for freight trains is— 60; The maximum allowable operating speed for passenger trains is— 80 [49 CFR 213.9(a)]',
    );
    const frogs = await answerQuestion(database.db, { ...ask('Minimum guard check gage at a frog on class 3 track?'), standardName: '49 CFR' });
    expect(frogs.response).toMatch(/- Class 3 and 4 track: Guard check gage The distance .* may not be less than— 4′6 3\/8″; Guard face gage .* 4′5 1\/8″ \[49 CFR 213\.143\(a\)\]/);
    expect(frogs.response.split('\n')[0]).toMatch(/^\*\*Class 3 and 4 track — Guard check gage .*: 4′6 3\/8″\*\* \[49 CFR 213\.143\(a\)\]$/);
  });

  it('says what the value depends on and gives the short table when the question names no class', async () => {
    const answer = await answerQuestion(database.db, { ...ask('What is the maximum operating speed for freight trains?'), standardName: '49 CFR' });
    const lines = answer.response.split('\n');
    expect(lines[0]).toBe('**It depends on the track class:** [49 CFR 213.9(a)]');
    expect(lines).toContain('- Class 3 track — maximum allowable operating speed for freight trains: 40 mph');
    expect(lines).toContain('- Class 5 track — maximum allowable operating speed for freight trains: 80 mph');
  });

  it('reads a follow-up with the question it follows: the class it names, the column asked before', async () => {
    const context = [
      { role: 'user' as const, content: 'What is the maximum speed for freight trains on class 3 track?' },
      { role: 'assistant' as const, content: '40 mph' },
    ];
    const answer = await answerQuestion(database.db, { ...ask('And for class 5?'), standardName: '49 CFR', context });
    expect(answer.response.split('\n')[0]).toBe('**Class 5 track — maximum allowable operating speed for freight trains: 80 mph** [49 CFR 213.9(a)]');
    expect(answer.response).not.toContain('- Class 3 track');
  });

  it('cites a runner-up section too when it answers part of the question the best one does not', async () => {
    await importDocument(
      database.db,
      'Yard Rules',
      yardRules([
        derailPosition,
        { ref: '4.2(a)', section: '4.2', heading: 'Derail signage', text: '(a) Each derail shall carry a blue flag sign visible from the siding approach, reflectorised for night operations.' },
      ]),
    );
    const answer = await answerQuestion(database.db, {
      standardCode: 'Yard Rules',
      standardName: 'Yard Rules',
      question: 'Must a derail be locked in position, and what flag sign must it carry at night?',
      discipline: 'Track and Civil',
    });
    expect(answer.citations.map((c) => c.ref).sort()).toEqual(['4.1(a)', '4.2(a)']);
  });

  it('searches the newest edition of a document only, and the older one again once the newer is deleted', async () => {
    const edition = (name: string, limit: string) => ({
      title: 'Speed rules',
      edition: name,
      disciplines: ['Track and Civil'],
      clauses: [{ ref: '9.1(a)', section: '9.1', heading: 'Yard speed', text: `(a) Movements within yard limits shall not exceed ${limit} miles per hour.` }],
    });
    await importDocument(database.db, 'Speed Rules', edition('Rev 1', '10'));
    await importDocument(database.db, 'Speed Rules', edition('Rev 2', '15'));
    const question = { standardCode: 'Speed Rules', question: 'What is the maximum yard speed?', discipline: 'Track and Civil' };

    const current = await searchClauses(database.db, question);
    expect(current.sections).toHaveLength(1);
    expect(current.sections[0]?.clauses.map((c) => [c.edition, c.text])).toEqual([['Rev 2', '(a) Movements within yard limits shall not exceed 15 miles per hour.']]);

    const rev2 = (await listDocuments(database.db)).find((d) => d.standard === 'Speed Rules' && d.edition === 'Rev 2');
    await deleteDocument(database.db, rev2!.id);
    const older = await searchClauses(database.db, question);
    expect(older.sections[0]?.clauses.map((c) => c.edition)).toEqual(['Rev 1']);
  });

  it('ranks first, among like clauses, the one whose document serves the chosen discipline among others', async () => {
    const document = (title: string, disciplines: string[], ref: string) => ({
      title,
      edition: 'Rev 1',
      disciplines,
      clauses: [{ ref, section: ref, heading: 'Culvert inspection', text: `${ref} Culverts under the line shall be inspected after each flood by a qualified person.` }],
    });
    await importDocument(database.db, 'Depot Rules', document('Works', ['Good Practices'], '1.1'));
    await importDocument(database.db, 'Depot Rules', document('Drainage', ['Good Practices', 'Structures'], '2.1'));
    const ask = (discipline: string) => searchClauses(database.db, { standardCode: 'Depot Rules', question: 'When must culverts be inspected after a flood?', discipline });
    expect((await ask('Structures')).sections[0]?.section).toBe('2.1');
    const plain = (await ask('Electrical')).sections;
    expect(plain.find((s) => s.section === '2.1')?.score).toBeCloseTo(plain.find((s) => s.section === '1.1')?.score ?? 0, 6);
  });
});
