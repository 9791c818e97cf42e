import { createHash } from 'node:crypto';
import { STANDARD_CATALOGUE } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { AppError, ErrorCode } from '../../../shared/errors';
import type { Clause, Section, SectionSummary, StandardDetail, StandardDocument, StandardSummary } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
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

function hashDocument(document: ParsedDocument): string {
  return createHash('sha256').update(JSON.stringify(document.clauses)).digest('hex');
}

/**
 * Stores one document in one transaction. The same edition imported again replaces the old
 * rows (or is skipped when nothing changed), so imports are idempotent.
 */
export async function importDocument(db: Db, standardCode: string, document: ParsedDocument): Promise<ImportResult> {
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
      return { title: document.title, edition: document.edition, clauses: document.clauses.length, status: 'unchanged' as const };
    }
    if (existing) await repo.deleteDocument(tx, existing.id);
    const documentId = await repo.insertDocument(tx, {
      standardCode: code,
      title: document.title,
      edition: document.edition,
      source: document.source ?? null,
      discipline: document.discipline ?? null,
      contentHash,
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
        discipline: c.discipline ?? document.discipline ?? null,
        position,
      })),
    );
    return {
      title: document.title,
      edition: document.edition,
      clauses: document.clauses.length,
      status: existing ? ('replaced' as const) : ('imported' as const),
    };
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
 * The clauses of the named sections in the library as it is now, one per ref: where several
 * documents hold a ref (undated editions side by side), the most recently imported wins, as
 * in {@link getClause}. The requirements library verifies its quotes against these.
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
  const documents = (await repo.listDocuments(db, standard.code))
    .map(({ id, title, edition, source, discipline, clauseCount }) => ({ id, title, edition, source, discipline, clauseCount: Number(clauseCount) }))
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

export async function deleteDocument(db: Db, id: string): Promise<void> {
  const deleted = await repo.deleteDocument(db, id);
  if (deleted.length === 0) throw new AppError(ErrorCode.notFound, messages.standards.documentNotFound, 404);
}

export interface EditionImportResult extends Omit<ImportResult, 'status'> {
  /** `superseded`: a newer (or same-dated) edition of this title is loaded, nothing changed. */
  status: ImportResult['status'] | 'superseded';
  /** Editions this import removed, or (when superseded) the edition kept. */
  otherEditions: string[];
}

/** The date an edition is "up to date as of" (`eCFR, up to date as of 2026-06-17` → `2026-06-17`). */
export function editionDate(edition: string): string | undefined {
  return /(\d{4}-\d{2}-\d{2})(?!.*\d{4}-\d{2}-\d{2})/.exec(edition)?.[1];
}

/**
 * Imports a document as the current edition of its title, so that the library never holds
 * two editions of one document when one of them is dated (bundled 49 CFR and a newer eCFR
 * download). A dated edition outranks undated ones, and a later date an earlier one: when
 * another edition of the title outranks this one or has the same date, nothing changes
 * (`superseded`); otherwise the editions it outranks are removed in the same transaction
 * as its rows go in. Undated editions of a title with no dated one ("unspecified",
 * "Rev 3") sit side by side.
 */
export async function importCurrentEdition(db: Db, standardCode: string, document: ParsedDocument): Promise<EditionImportResult> {
  const date = editionDate(document.edition);
  const code = STANDARD_CATALOGUE.find((s) => s.code.toLowerCase() === standardCode.toLowerCase())?.code ?? standardCode;
  return db.transaction(async (tx) => {
    const others = (await repo.listEditions(tx, code, document.title))
      .filter((e) => e.edition !== document.edition)
      .sort((a, b) => a.edition.localeCompare(b.edition, 'en'));
    const newer = others.filter((e) => {
      const otherDate = editionDate(e.edition);
      return otherDate !== undefined && (date === undefined || otherDate >= date);
    });
    if (newer.length > 0) {
      return { title: document.title, edition: document.edition, clauses: document.clauses.length, status: 'superseded', otherEditions: newer.map((e) => e.edition) };
    }
    const older = date ? others : [];
    for (const e of older) await repo.deleteDocument(tx, e.id);
    const result = await importDocument(tx, code, document);
    const status = older.length > 0 && result.status === 'imported' ? 'replaced' : result.status;
    return { ...result, status, otherEditions: older.map((e) => e.edition) };
  });
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
