import { describe, expect, it } from 'vitest';
import type { DocumentEditions, EditionChanges } from '../../../shared/schemas/editions';
import type { SectionSummary, StandardSummary } from '../../../shared/schemas/standards';
import { useTestApp } from '../../test/app';
import { derailPosition, yardRules } from '../../test/yard-rules';
import type { ParsedDocument } from './importers/types';
import { searchClauses } from './search';
import { getClause, getSection, importCurrentEdition, listClausesInSections, listSections } from './service';

/** Rev 1 of the yard rules, and Rev 2 with 4.1(a) reworded, 4.2(a) removed and 4.3(a) added. */
const rev1: ParsedDocument = yardRules([
  derailPosition,
  { ref: '4.2(a)', section: '4.2', heading: 'Derail colour', text: '(a) Derails shall be painted yellow.' },
]);
const rev2: ParsedDocument = {
  ...yardRules([
    { ...derailPosition, text: '(a) Each derail shall be locked and tagged in the derailing position whenever cars are stored on the siding.' },
    { ref: '4.3(a)', section: '4.3', heading: 'Derail signs', text: '(a) Derail signs shall be reflectorised.' },
  ]),
  edition: 'Rev 2',
};
const STANDARD = 'Yard Rules';
const TITLE = rev1.title;

describe('editions of a document', () => {
  const ctx = useTestApp();
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const changesUrl = (query: Record<string, string>) => `/api/standards/${encodeURIComponent(STANDARD)}/changes?${new URLSearchParams(query).toString()}`;

  it('keeps the old edition when a newer one is imported, and records what changed', async () => {
    const db = ctx().database.db;
    expect(await importCurrentEdition(db, STANDARD, rev1)).toMatchObject({ status: 'imported' });
    expect(await importCurrentEdition(db, STANDARD, rev2)).toMatchObject({ status: 'new-edition', otherEditions: ['Rev 1'] });

    const res = await get(`/api/standards/${encodeURIComponent(STANDARD)}/documents/${encodeURIComponent(TITLE)}/editions`);
    expect(res.statusCode, res.body).toBe(200);
    const { editions } = res.json<DocumentEditions>();
    expect(editions.map((e) => [e.edition, e.current, e.clauseCount])).toEqual([
      ['Rev 2', true, 8],
      ['Rev 1', false, 8],
    ]);
    expect(editions[0]?.changes).toEqual({ fromEdition: 'Rev 1', added: 1, removed: 1, changed: 1 });
    expect(editions[1]?.changes).toBeNull();

    const all = await get(`/api/standards/${encodeURIComponent(STANDARD)}/documents`);
    expect(all.json<DocumentEditions[]>()).toEqual([{ standard: STANDARD, title: TITLE, editions }]);
  });

  it('reads only the edition in force for the library as it is now: clauses, sections, counts, retrieval, requirement quotes', async () => {
    const db = ctx().database.db;
    expect((await getClause(db, STANDARD, '4.1(a)')).text).toContain('locked and tagged');
    expect((await getClause(db, STANDARD, '4.1(a)')).document.edition).toBe('Rev 2');
    await expect(getClause(db, STANDARD, '4.2(a)')).rejects.toMatchObject({ status: 404 });
    expect((await getSection(db, STANDARD, '4.1')).clauses.map((c) => c.document.edition)).toEqual(['Rev 2']);
    await expect(getSection(db, STANDARD, '4.2')).rejects.toMatchObject({ status: 404 });

    const sections = await listSections(db, STANDARD);
    expect(sections.map((s) => s.section)).toEqual(['4.1', '4.3', '5.1', '5.2', '5.3', '5.4', '5.5', '5.6']);
    expect(new Set(sections.map((s: SectionSummary) => s.document.edition))).toEqual(new Set(['Rev 2']));
    const standards = (await get('/api/standards')).json<StandardSummary[]>();
    expect(standards.find((s) => s.code === STANDARD)?.clauseCount).toBe(8);

    const quoted = await listClausesInSections(db, STANDARD, ['4.1', '4.2']);
    expect(quoted.map((c) => [c.ref, c.document.edition])).toEqual([['4.1(a)', 'Rev 2']]);

    const found = await searchClauses(db, { standardCode: STANDARD, question: 'Must a derail be locked when cars are stored on the siding?' });
    const cited = found.sections.flatMap((s) => s.clauses);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((c) => c.edition === 'Rev 2')).toBe(true);
    const yellow = await searchClauses(db, { standardCode: STANDARD, question: 'What colour are derails painted? yellow' });
    expect(yellow.sections.flatMap((s) => s.clauses).some((c) => c.ref === '4.2(a)')).toBe(false);
  });

  it('shows what changed between two editions, clause by clause and word by word', async () => {
    const res = await get(changesUrl({ title: TITLE }));
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json<EditionChanges>();
    expect(changes).toMatchObject({
      standard: STANDARD,
      title: TITLE,
      from: { edition: 'Rev 1', current: false },
      to: { edition: 'Rev 2', current: true },
      summary: { added: 1, removed: 1, changed: 1, unchanged: 6 },
    });
    expect(changes.clauses.map((c) => [c.kind, c.ref])).toEqual([
      ['changed', '4.1(a)'],
      ['removed', '4.2(a)'],
      ['added', '4.3(a)'],
    ]);
    expect(changes.clauses[0]?.words).toEqual([
      { kind: 'same', text: '(a) Each derail shall be locked ' },
      { kind: 'added', text: 'and tagged ' },
      { kind: 'same', text: 'in the derailing position ' },
      { kind: 'removed', text: 'when' },
      { kind: 'added', text: 'whenever' },
      { kind: 'same', text: ' cars are stored on the siding.' },
    ]);
    expect(changes.clauses[1]).toMatchObject({ text: '(a) Derails shall be painted yellow.', heading: 'Derail colour' });

    // Either way round: from the newer to the older edition the additions are removals.
    const back = (await get(changesUrl({ title: TITLE, from: 'Rev 2', to: 'Rev 1' }))).json<EditionChanges>();
    expect(back.clauses.map((c) => [c.kind, c.ref])).toEqual([
      ['changed', '4.1(a)'],
      ['removed', '4.3(a)'],
      ['added', '4.2(a)'],
    ]);
  });

  it('answers bad requests for changes with 400 and unknown ones with 404', async () => {
    const db = ctx().database.db;
    const noTitle = await get(`/api/standards/${encodeURIComponent(STANDARD)}/changes`);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ code: 'validation_failed' });
    expect((await get(changesUrl({ title: TITLE, from: 'Rev 2', to: 'Rev 2' }))).statusCode).toBe(400);
    expect((await get(changesUrl({ title: TITLE, from: 'x'.repeat(201) }))).statusCode).toBe(400);
    const unknownEdition = await get(changesUrl({ title: TITLE, from: 'Rev 9' }));
    expect(unknownEdition.statusCode).toBe(404);
    expect(unknownEdition.json()).toMatchObject({ error: `${TITLE} has no edition called Rev 9` });
    expect((await get(changesUrl({ title: 'No such document' }))).statusCode).toBe(404);
    expect((await get(`/api/standards/Nowhere/changes?title=${encodeURIComponent(TITLE)}`)).statusCode).toBe(404);
    expect((await get(`/api/standards/${encodeURIComponent(STANDARD)}/documents/Nothing/editions`)).statusCode).toBe(404);

    await importCurrentEdition(db, STANDARD, { ...rev1, title: 'Single' });
    const single = await get(changesUrl({ title: 'Single' }));
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ error: 'Single has one edition only: there is nothing to compare it with' });
  });
});
