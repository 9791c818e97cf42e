import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand, type CommandContext } from '../../cli/commands';
import { useTestApp } from '../../test/app';
import { bundledCorpusDir as corpus } from '../../test/corpus';
import type { ParsedDocument } from './importers/types';
import { clauses, standardDocuments } from './tables';
import { deleteDocument, importCurrentEdition, importDocument, listDocuments, listStandards } from './service';

function doc(title: string, edition: string, n: number, text = (i: number) => `(a) Clause ${i}.`): ParsedDocument {
  return {
    title,
    edition,
    disciplines: ['Track and Civil'],
    clauses: Array.from({ length: n }, (_, i) => ({ ref: `${i + 1}.1(a)`, section: `${i + 1}.1`, heading: `Heading ${i}`, text: text(i) })),
  };
}

describe('standards import', () => {
  const ctx = useTestApp();
  const commandContext = (): CommandContext => ({ database: ctx().database, auth: ctx().app.services.auth, keys: ctx().app.services.keys });
  const countClauses = async (standard: string) =>
    Number((await ctx().database.db.select({ n: count() }).from(clauses).where(eq(clauses.standardCode, standard)))[0]?.n);

  it('imports the bundled 49 CFR corpus folder through the CLI command, then skips it unchanged', async () => {
    const first = await runCommand(commandContext(), 'standards:import', { standard: '49 CFR', file: corpus });
    expect(first.split('\n')).toHaveLength(15);
    expect(first).toContain('part-213.jsonl: Part 213 (eCFR, up to date as of 2026-06-17): imported, 345 clauses');
    expect(first).toMatch(/49 CFR: 14 documents, 2991 clauses: 14 imported$/);
    expect(await countClauses('49 CFR')).toBe(2991);
    const documents = (await listDocuments(ctx().database.db)).filter((d) => d.standard === '49 CFR');
    expect(documents).toHaveLength(14);
    expect(documents.find((d) => d.title === 'Part 229')).toMatchObject({ clauseCount: 486, disciplines: ['Electrical'] });

    const again = await runCommand(commandContext(), 'standards:import', { standard: '49 CFR', file: corpus });
    expect(again).toMatch(/49 CFR: 14 documents, 2991 clauses: 14 unchanged$/);
    expect(await countClauses('49 CFR')).toBe(2991);
  });

  it('validates command arguments', async () => {
    await expect(runCommand(commandContext(), 'standards:import', { standard: '49 CFR' })).rejects.toThrow('--file');
    await expect(runCommand(commandContext(), 'standards:import', { standard: 'X', file: '/tmp', discipline: 'Plumbing' })).rejects.toThrow(
      '--discipline: Discipline must be one of',
    );
    await expect(runCommand(commandContext(), 'standards:import', { standard: 'X', file: '/nonexistent/file.txt' })).rejects.toThrow(
      '/nonexistent/file.txt: no such file or folder',
    );
    await expect(runCommand(commandContext(), 'standards:fetch-ecfr', { parts: '213,abc' })).rejects.toThrow('--parts: --parts must be CFR part numbers');
  });

  it('replaces a changed edition in one transaction; a failure part-way leaves the old rows', async () => {
    const db = ctx().database.db;
    expect(await importDocument(db, 'Eurocode', doc('EN 1991', 'Rev 1', 3))).toMatchObject({ status: 'imported', clauses: 3 });
    expect(await importDocument(db, 'Eurocode', doc('EN 1991', 'Rev 1', 3))).toMatchObject({ status: 'unchanged' });
    expect(await importDocument(db, 'Eurocode', doc('EN 1991', 'Rev 1', 4))).toMatchObject({ status: 'replaced', clauses: 4 });
    expect(await countClauses('Eurocode')).toBe(4);

    // 600 clauses: the first batch of 500 goes in, the second fails on clause 550 (no text).
    const broken = doc('EN 1991', 'Rev 1', 600, (i) => (i === 550 ? (null as unknown as string) : `(a) Changed ${i}.`));
    await expect(importDocument(db, 'Eurocode', broken)).rejects.toThrow();
    expect(await countClauses('Eurocode')).toBe(4);
    const rows = await db.select({ text: clauses.text }).from(clauses).where(eq(clauses.standardCode, 'Eurocode'));
    expect(rows.every((r) => r.text.startsWith('(a) Clause'))).toBe(true);
    expect(await db.select().from(standardDocuments).where(eq(standardDocuments.standardCode, 'Eurocode'))).toHaveLength(1);
  });

  it('gives a new edition in force the disciplines of the one it supersedes besides its own', async () => {
    const db = ctx().database.db;
    const disciplinesOf = async (edition: string) =>
      (await listDocuments(db)).find((d) => d.title === 'Part 950' && d.edition === edition)?.disciplines;
    await importCurrentEdition(db, 'Depot Code', { ...doc('Part 950', 'eCFR, up to date as of 2026-01-05', 2), disciplines: ['Good Practices', 'Structures'] });
    // An eCFR refresh knows only the part's main discipline.
    const refresh = { ...doc('Part 950', 'eCFR, up to date as of 2026-06-17', 3), disciplines: ['Good Practices'] };
    expect(await importCurrentEdition(db, 'Depot Code', refresh)).toMatchObject({ status: 'new-edition' });
    expect(await disciplinesOf('eCFR, up to date as of 2026-06-17')).toEqual(['Good Practices', 'Structures']);
  });

  it('keeps every edition of a title: a newer one comes into force, an older one is kept beside it, a same-day one is skipped', async () => {
    const db = ctx().database.db;
    const editions = async (title = 'Part 900') =>
      (await db.select({ edition: standardDocuments.edition, current: standardDocuments.current }).from(standardDocuments).where(eq(standardDocuments.title, title)))
        .map((r) => `${r.edition}${r.current ? ' (in force)' : ''}`)
        .sort();
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'eCFR, up to date as of 2026-06-17', 2))).toMatchObject({ status: 'imported' });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'eCFR XML, up to date as of 2026-06-17', 3))).toMatchObject({
      status: 'superseded',
      otherEditions: ['eCFR, up to date as of 2026-06-17'],
    });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'eCFR XML, up to date as of 2026-09-01', 3))).toMatchObject({
      status: 'new-edition',
      otherEditions: ['eCFR, up to date as of 2026-06-17'],
    });
    expect(await editions()).toEqual(['eCFR XML, up to date as of 2026-09-01 (in force)', 'eCFR, up to date as of 2026-06-17']);
    // The older edition imported again is already held; an older or undated one is kept beside the one in force.
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'eCFR, up to date as of 2026-06-17', 2))).toMatchObject({ status: 'unchanged' });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'eCFR, up to date as of 2026-01-01', 1))).toMatchObject({
      status: 'older-edition',
      otherEditions: ['eCFR XML, up to date as of 2026-09-01'],
    });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 900', 'Local copy', 1))).toMatchObject({ status: 'older-edition' });
    // Undated editions: the later import comes into force, until a dated one does.
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 901', 'Snapshot (date not stated)', 1))).toMatchObject({ status: 'imported' });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 901', 'Rev 3', 2))).toMatchObject({
      status: 'new-edition',
      otherEditions: ['Snapshot (date not stated)'],
    });
    expect(await importCurrentEdition(db, 'Transport for NSW', doc('Part 901', 'eCFR XML, up to date as of 2026-09-01', 3))).toMatchObject({
      status: 'new-edition',
      otherEditions: ['Rev 3'],
    });
    expect(await editions('Part 901')).toEqual(['Rev 3', 'Snapshot (date not stated)', 'eCFR XML, up to date as of 2026-09-01 (in force)']);
    // Every edition's rows are kept; the library as it is now counts the editions in force only.
    expect(await countClauses('Transport for NSW')).toBe(2 + 3 + 1 + 1 + 1 + 2 + 3);
    expect((await listStandards(db)).find((s) => s.code === 'Transport for NSW')?.clauseCount).toBe(6);

    // Deleting the edition in force brings the newest of those left into force.
    const inForce = (await listDocuments(db)).find((d) => d.title === 'Part 900' && d.current);
    await deleteDocument(db, inForce!.id);
    expect(await editions()).toEqual(['Local copy', 'eCFR, up to date as of 2026-01-01', 'eCFR, up to date as of 2026-06-17 (in force)']);
  });
});
