import { createHash } from 'node:crypto';
import { STANDARD_CATALOGUE } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { AppError, ErrorCode } from '../../../shared/errors';
import { LRUCache } from 'lru-cache';
import type { ClauseChange, DocumentEditions, EditionChanges, EditionChangesQuery, EditionSummary } from '../../../shared/schemas/editions';
import type { Clause, Section, SectionSummary, StandardDetail, StandardDocument, StandardSummary } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { diffEditions, summariseClauseChanges, type DiffClause } from './edition-diff';
import type { ParsedDocument } from './importers/types';
import * as repo from './repository';

export interface ImportResult {
  title: string;
  edition: string;
  clauses: number;
  status: 'imported' | 'replaced' | 'unchanged';
}

/** Makes sure every standard the product names exists (without clauses it shows "coming soon"). */
export async function seedStandardCatalogue(db: Db): Promise<void> {
  for (const s of STANDARD_CATALOGUE) await repo.ensureStandard(db, s.code, s.name, s.jurisdiction);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function hashDocument(document: ParsedDocument): string {
  return createHash('sha256').update(JSON.stringify(document.clauses)).digest('hex');
}

export interface ImportDocumentOptions {
  /**
   * Whether a new edition of the title becomes the one in force (default) or is kept as an older
   * edition. The same edition imported again keeps its standing.
   */
  current?: boolean;
}

/**
 * Stores one document in one transaction. The same edition imported again replaces the old
 * rows (or is skipped when nothing changed), so imports are idempotent. A new edition of a title
 * is kept beside the others: made the one in force (the default), it records what it changed
 * against the edition it supersedes ({@link recordEditionChange}).
 */
export async function importDocument(db: Db, standardCode: string, document: ParsedDocument, options: ImportDocumentOptions = {}): Promise<ImportResult> {
  if (document.clauses.length === 0) {
    throw new AppError(ErrorCode.validationFailed, `${document.title}: no clauses were found in this document`, 400);
  }
  const seen = new Set<string>();
  for (const clause of document.clauses) {
    if (seen.has(clause.ref)) {
      throw new AppError(ErrorCode.validationFailed, `${document.title}: clause ${clause.ref} appears twice`, 400);
    }
    seen.add(clause.ref);
  }
  const contentHash = hashDocument(document);
  const catalogued = STANDARD_CATALOGUE.find((s) => s.code.toLowerCase() === standardCode.toLowerCase());
  return db.transaction(async (tx) => {
    await repo.ensureStandard(tx, catalogued?.code ?? standardCode, catalogued?.name ?? standardCode, catalogued?.jurisdiction ?? null);
    const code = catalogued?.code ?? standardCode;
    const existing = await repo.findDocument(tx, code, document.title, document.edition);
    if (existing?.contentHash === contentHash) {
      if (!sameList(existing.disciplines, document.disciplines)) await repo.setDocumentDisciplines(tx, existing.id, document.disciplines);
      return { title: document.title, edition: document.edition, clauses: document.clauses.length, status: 'unchanged' as const };
    }
    const superseded = existing ? undefined : (await repo.listEditions(tx, code, document.title)).find((e) => e.current);
    const current = existing ? existing.current : (options.current ?? true);
    if (existing) await repo.deleteDocument(tx, existing.id);
    const documentId = await repo.insertDocument(tx, {
      standardCode: code,
      title: document.title,
      edition: document.edition,
      source: document.source ?? null,
      disciplines: document.disciplines,
      contentHash,
      current,
    });
    await repo.insertClauses(
      tx,
      document.clauses.map((c, position) => ({
        documentId,
        standardCode: code,
        ref: c.ref,
        section: c.section,
        heading: c.heading,
        subpart: c.subpart ?? null,
        text: c.text,
        discipline: c.discipline ?? document.disciplines[0] ?? null,
        position,
      })),
    );
    if (current && superseded) {
      await repo.setCurrentEdition(tx, code, document.title, documentId);
      await recordEditionChange(tx, { standardCode: code, title: document.title, from: superseded, to: { id: documentId, edition: document.edition }, clauses: document.clauses });
    }
    return {
      title: document.title,
      edition: document.edition,
      clauses: document.clauses.length,
      status: existing ? ('replaced' as const) : ('imported' as const),
    };
  });
}

/**
 * Records what a new edition in force changed against the one it superseded (refs only; the
 * words are compared on request), in the import's transaction. The record is also the job that
 * tells the standard's followers (see {@link announceEditionChanges}).
 */
async function recordEditionChange(
  db: Db,
  change: { standardCode: string; title: string; from: { id: string; edition: string }; to: { id: string; edition: string }; clauses: readonly DiffClause[] },
): Promise<void> {
  const before = await repo.listDocumentClauses(db, change.from.id);
  const { added, removed, changed } = summariseClauseChanges(before, change.clauses);
  await repo.insertEditionChange(db, {
    standardCode: change.standardCode,
    title: change.title,
    fromDocumentId: change.from.id,
    fromEdition: change.from.edition,
    toDocumentId: change.to.id,
    toEdition: change.to.edition,
    added,
    removed,
    changed,
  });
}

export async function listStandards(db: Db): Promise<StandardSummary[]> {
  const rows = await repo.listStandardsWithCounts(db);
  return rows
    .map((r) => ({ ...r, enabled: r.enabled && r.clauseCount > 0 }))
    .sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.name.localeCompare(b.name));
}

/** A standard by code or name; 404 when unknown. */
export async function getStandard(db: Db, codeOrName: string) {
  const standard = await repo.findStandard(db, codeOrName);
  if (!standard) throw new AppError(ErrorCode.notFound, `There is no standard called ${codeOrName}`, 404);
  return standard;
}

export async function getClause(db: Db, standardCodeOrName: string, ref: string): Promise<Clause> {
  const standard = await getStandard(db, standardCodeOrName);
  let found;
  for (const candidate of refSpellings(ref)) {
    found = await repo.findClauseByRef(db, standard.code, candidate);
    if (found) break;
  }
  if (!found) throw new AppError(ErrorCode.notFound, `Clause ${ref} is not in ${standard.name}`, 404);
  return toClause(found.clause, found.document);
}

/**
 * The clauses of the named sections in the library as it is now (the edition in force of each
 * document, never an older one), one per ref: where two documents in force hold a ref, the most
 * recently imported wins, as in {@link getClause}. The requirements library verifies its quotes
 * against these.
 */
export async function listClausesInSections(db: Db, standardCode: string, sections: string[]): Promise<Clause[]> {
  if (sections.length === 0) return [];
  const rows = await repo.listClausesOfSections(db, standardCode, [...new Set(sections)]);
  const byRef = new Map<string, Clause>();
  for (const row of rows) if (!byRef.has(row.clause.ref)) byRef.set(row.clause.ref, toClause(row.clause, row.document));
  return [...byRef.values()];
}

export function toClause(
  clause: { standardCode: string; ref: string; section: string; heading: string; subpart: string | null; text: string; discipline: string | null },
  document: { id: string; title: string; edition: string },
): Clause {
  return {
    standard: clause.standardCode,
    ref: clause.ref,
    section: clause.section,
    heading: clause.heading,
    subpart: clause.subpart,
    text: clause.text,
    discipline: clause.discipline,
    document: { id: document.id, title: document.title, edition: document.edition },
  };
}

/** `§ 213.9 (a)` → `213.9(a)`: the form refs are stored in. */
export function normaliseRef(ref: string): string {
  return ref.replace(/§+/g, '').replace(/\s+(?=\()/g, '').trim();
}

/**
 * The spellings a ref or section is looked up by: as given, then as {@link normaliseRef} writes
 * it. Exact first, because some stored refs have a space before a parenthesis themselves
 * (`222.9 "Alternative safety measures (ASM)"`, `SOR/87-184, Sch. I (Section 3.3)`).
 */
function refSpellings(ref: string): string[] {
  return [...new Set([ref.trim(), normaliseRef(ref)])];
}

export async function listDocuments(db: Db): Promise<StandardDocument[]> {
  const rows = await repo.listDocuments(db);
  return rows.map((r) => ({ ...r, clauseCount: Number(r.clauseCount), importedAt: r.importedAt.toISOString() }));
}

/** One standard (by code or name) with its documents, in the order its table of contents lists them; 404 when unknown. */
export async function getStandardDetail(db: Db, codeOrName: string): Promise<StandardDetail> {
  const standard = await getStandard(db, codeOrName);
  // The editions in force: older ones are reached through "what changed".
  const documents = (await repo.listDocuments(db, standard.code))
    .filter((d) => d.current)
    .map(({ id, title, edition, source, disciplines, clauseCount }) => ({ id, title, edition, source, disciplines, clauseCount: Number(clauseCount) }))
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { numeric: true }) || a.edition.localeCompare(b.edition));
  const clauseCount = documents.reduce((sum, d) => sum + d.clauseCount, 0);
  return {
    code: standard.code,
    name: standard.name,
    jurisdiction: standard.jurisdiction,
    enabled: standard.enabled && clauseCount > 0,
    clauseCount,
    documents,
  };
}

/**
 * Deletes one edition and its clauses. When it was the edition in force, the best of the
 * editions left takes its place (as {@link outranks} orders them), in the same transaction.
 */
export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await repo.deleteDocument(tx, id);
    if (!deleted) throw new AppError(ErrorCode.notFound, messages.standards.documentNotFound, 404);
    if (!deleted.current) return;
    const left = await repo.listEditions(tx, deleted.standardCode, deleted.title);
    const best = left.reduce<(typeof left)[number] | undefined>((top, e) => (!top || outranks(e, top) ? e : top), undefined);
    if (best) await repo.setCurrentEdition(tx, deleted.standardCode, deleted.title, best.id);
  });
}

export interface EditionImportResult extends Omit<ImportResult, 'status'> {
  /** See STANDARD_IMPORT_STATUSES (src/shared/schemas/standards.ts). */
  status: ImportResult['status'] | 'new-edition' | 'older-edition' | 'superseded';
  /** The edition this one superseded, the one in force it was kept beside, or the same-dated one held. */
  otherEditions: string[];
}

/** The date an edition is "up to date as of" (`eCFR, up to date as of 2026-06-17` → `2026-06-17`). */
export function editionDate(edition: string): string | undefined {
  return /(\d{4}-\d{2}-\d{2})(?!.*\d{4}-\d{2}-\d{2})/.exec(edition)?.[1];
}

/**
 * Whether edition `a` is newer than `b`: a dated edition outranks an undated one, a later date an
 * earlier one; between undated editions ("Rev 3", "Rev 4") the later import.
 */
function outranks(a: { edition: string; importedAt: Date }, b: { edition: string; importedAt: Date }): boolean {
  const [da, db] = [editionDate(a.edition), editionDate(b.edition)];
  if (da !== undefined || db !== undefined) return da !== undefined && (db === undefined || da > db);
  return a.importedAt > b.importedAt;
}

/**
 * Imports a document as an edition of its title, keeping the others. A new edition that outranks
 * the one in force (see {@link outranks}; an undated one outranks only undated ones) becomes the
 * one in force (`new-edition`) and records what it changed; one that does not is kept as an older
 * edition (`older-edition`), for comparison only. An edition with the same date as one held is the
 * same edition under another name: nothing changes (`superseded`). The edition held already is
 * replaced when its text changed (`replaced`) and keeps its standing.
 */
export async function importCurrentEdition(db: Db, standardCode: string, document: ParsedDocument): Promise<EditionImportResult> {
  const date = editionDate(document.edition);
  const code = STANDARD_CATALOGUE.find((s) => s.code.toLowerCase() === standardCode.toLowerCase())?.code ?? standardCode;
  return db.transaction(async (tx) => {
    const editions = await repo.listEditions(tx, code, document.title);
    const result = (status: EditionImportResult['status'], otherEditions: string[], imported?: ImportResult): EditionImportResult => ({
      title: document.title,
      edition: document.edition,
      clauses: document.clauses.length,
      ...imported,
      status,
      otherEditions,
    });
    if (editions.some((e) => e.edition === document.edition)) {
      const imported = await importDocument(tx, code, document);
      return result(imported.status, [], imported);
    }
    const sameDate = date === undefined ? [] : editions.filter((e) => editionDate(e.edition) === date);
    if (sameDate.length > 0) return result('superseded', sameDate.map((e) => e.edition).sort((a, b) => a.localeCompare(b, 'en')));
    const inForce = editions.find((e) => e.current);
    if (inForce && !outranks({ edition: document.edition, importedAt: new Date() }, inForce)) {
      return result('older-edition', [inForce.edition], await importDocument(tx, code, document, { current: false }));
    }
    // A new edition serves what the one it supersedes served (an eCFR refresh knows only a part's main discipline).
    const disciplines = [...new Set([...document.disciplines, ...(inForce?.disciplines ?? [])])];
    const imported = await importDocument(tx, code, { ...document, disciplines }, { current: true });
    return inForce ? result('new-edition', [inForce.edition], imported) : result('imported', [], imported);
  });
}

/** The editions of one document of a standard, the one in force first; 404 when the standard or the document is unknown. */
export async function listDocumentEditions(db: Db, standardCodeOrName: string, title: string): Promise<DocumentEditions> {
  const standard = await getStandard(db, standardCodeOrName);
  const rows = await repo.listDocumentEditions(db, standard.code, title);
  if (rows.length === 0) throw new AppError(ErrorCode.notFound, `There is no document called ${title} in ${standard.name}`, 404);
  return { standard: standard.code, title: rows[0]?.title ?? title, editions: rows.map(toEditionSummary) };
}

/** Every document of a standard with its editions, in title order. */
export async function listStandardDocumentEditions(db: Db, standardCodeOrName: string): Promise<DocumentEditions[]> {
  const standard = await getStandard(db, standardCodeOrName);
  const byTitle = new Map<string, DocumentEditions>();
  for (const row of await repo.listDocumentEditions(db, standard.code)) {
    const entry = byTitle.get(row.title) ?? { standard: standard.code, title: row.title, editions: [] };
    entry.editions.push(toEditionSummary(row));
    byTitle.set(row.title, entry);
  }
  return [...byTitle.values()].sort((a, b) => a.title.localeCompare(b.title, undefined, { numeric: true }));
}

function toEditionSummary(row: Awaited<ReturnType<typeof repo.listDocumentEditions>>[number]): EditionSummary {
  return {
    id: row.id,
    edition: row.edition,
    current: row.current,
    clauseCount: Number(row.clauseCount),
    importedAt: row.importedAt.toISOString(),
    changes: row.changes ? { ...row.changes, added: Number(row.changes.added), removed: Number(row.changes.removed), changed: Number(row.changes.changed) } : null,
  };
}

/**
 * Differences between two editions, by the ids of their documents. A document's rows never change
 * under its id (re-importing an edition gives it a new one), so a difference computed once holds
 * for good: the most recent are kept in memory, and opening a notice's comparison again is free.
 */
const editionDiffs = new LRUCache<string, { clauses: ClauseChange[]; unchanged: number }>({
  max: 100,
  // Characters of text held, about 40 MB at most: a whole 49 CFR part rewritten is some 1 MB.
  maxSize: 20_000_000,
  sizeCalculation: (diff) => Math.max(1, diff.clauses.reduce((n, c) => n + (c.text?.length ?? 0) + (c.words?.reduce((m, w) => m + w.text.length, 0) ?? 0), 0)),
});

/**
 * What changed in a document from one edition to another, clause by clause with the words of
 * each changed clause. Without `to`, the edition in force; without `from`, the edition before `to`.
 */
export async function getEditionChanges(db: Db, standardCodeOrName: string, query: EditionChangesQuery): Promise<EditionChanges> {
  const { standard, editions } = await listDocumentEditions(db, standardCodeOrName, query.title).then((d) => ({ standard: d.standard, editions: d.editions }));
  const find = (name: string) => {
    const edition = editions.find((e) => e.edition === name);
    if (!edition) throw new AppError(ErrorCode.notFound, `${query.title} has no edition called ${name}`, 404);
    return edition;
  };
  if (editions.length < 2) {
    throw new AppError(ErrorCode.validationFailed, `${query.title} has one edition only: there is nothing to compare it with`, 400);
  }
  const to = query.to !== undefined ? find(query.to) : (editions.find((e) => e.current) ?? editions[0]!);
  // Editions come newest first after the one in force: the one before `to` is the next in that order.
  const ordered = [...editions].sort((a, b) => (outranks(toRanked(a), toRanked(b)) ? -1 : outranks(toRanked(b), toRanked(a)) ? 1 : 0));
  const from = query.from !== undefined ? find(query.from) : (ordered[ordered.indexOf(to) + 1] ?? ordered.find((e) => e !== to)!);
  if (from.id === to.id) throw new AppError(ErrorCode.validationFailed, 'Choose two different editions to compare', 400);
  const key = `${from.id}>${to.id}`;
  let diff = editionDiffs.get(key);
  if (!diff) {
    const [before, after] = await Promise.all([repo.listDocumentClauses(db, from.id), repo.listDocumentClauses(db, to.id)]);
    diff = diffEditions(before, after);
    editionDiffs.set(key, diff);
  }
  const count = (kind: ClauseChange['kind']) => diff.clauses.filter((c) => c.kind === kind).length;
  return {
    standard,
    title: query.title,
    from: { id: from.id, edition: from.edition, current: from.current },
    to: { id: to.id, edition: to.edition, current: to.current },
    summary: { added: count('added'), removed: count('removed'), changed: count('changed'), unchanged: diff.unchanged },
    clauses: diff.clauses,
  };
}

const toRanked = (e: EditionSummary) => ({ edition: e.edition, importedAt: new Date(e.importedAt) });

/** An edition change that is to be announced to the standard's followers. */
export type PendingEditionChange = NonNullable<Awaited<ReturnType<typeof repo.claimPendingEditionChange>>>;

/**
 * Announces recorded edition changes, oldest first, one transaction each: `announce` is given the
 * change and the transaction (so what it writes commits with the change marked announced), and
 * whatever it returns is collected. A change another instance is announcing is skipped. Returns
 * the collected results once no change is waiting.
 */
export async function announceEditionChanges<T>(db: Db, announce: (tx: Db, change: PendingEditionChange) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const change = await repo.claimPendingEditionChange(tx);
      if (!change) return false;
      results.push(await announce(tx, change));
      await repo.markEditionChangeAnnounced(tx, change.id);
      return true;
    });
    if (!done) return results;
  }
}

export async function listSections(db: Db, standardCodeOrName: string): Promise<SectionSummary[]> {
  const standard = await getStandard(db, standardCodeOrName);
  const rows = await repo.listSections(db, standard.code);
  return rows
    .sort((a, b) => a.document.title.localeCompare(b.document.title, undefined, { numeric: true }) || a.position - b.position)
    .map(({ section, heading, subpart, document }) => ({ section, heading, subpart, document }));
}

export async function getSection(db: Db, standardCodeOrName: string, section: string): Promise<Section> {
  const standard = await getStandard(db, standardCodeOrName);
  let rows: Awaited<ReturnType<typeof repo.listSectionClauses>> = [];
  for (const candidate of refSpellings(section)) {
    rows = await repo.listSectionClauses(db, standard.code, candidate);
    if (rows.length > 0) break;
  }
  const first = rows[0];
  if (!first) throw new AppError(ErrorCode.notFound, `Section ${section} is not in ${standard.name}`, 404);
  return { section: first.clause.section, heading: first.clause.heading, clauses: rows.map((r) => toClause(r.clause, r.document)) };
}
