import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { clauses, standardDocuments, standardEditionChanges, standards } from './tables';

/** Documents in force: one edition of each title (older editions are kept beside them). */
const inForce = eq(standardDocuments.current, true);


export async function ensureStandard(db: Queryable, code: string, name: string, jurisdiction: string | null): Promise<void> {
  await db.insert(standards).values({ code, name, jurisdiction }).onConflictDoNothing();
}

export function findStandard(db: Queryable, codeOrName: string) {
  return db
    .select()
    .from(standards)
    .where(sql`lower(${standards.code}) = lower(${codeOrName}) or lower(${standards.name}) = lower(${codeOrName})`)
    .then((r) => r[0]);
}

/** Standards with their clause counts, loaded ones first. */
export function listStandardsWithCounts(db: Queryable) {
  return db
    .select({
      code: standards.code,
      name: standards.name,
      jurisdiction: standards.jurisdiction,
      enabled: standards.enabled,
      // Clauses in force only: older editions are kept for comparison, not counted as the library.
      clauseCount: sql<number>`(select count(*)::int from clauses c join standard_documents d on d.id = c.document_id and d.current where c.standard_code = "standards"."code")`,
    })
    .from(standards)
    .orderBy(asc(standards.name));
}

export function findDocument(db: Queryable, standardCode: string, title: string, edition: string) {
  return db
    .select()
    .from(standardDocuments)
    .where(and(eq(standardDocuments.standardCode, standardCode), eq(standardDocuments.title, title), eq(standardDocuments.edition, edition)))
    .then((r) => r[0]);
}

export function deleteDocument(db: Queryable, id: string) {
  return db.delete(standardDocuments).where(eq(standardDocuments.id, id)).returning({
    id: standardDocuments.id,
    standardCode: standardDocuments.standardCode,
    title: standardDocuments.title,
    current: standardDocuments.current,
  });
}

/** Makes one edition of a title the one in force, and every other edition of it not. */
/** A document's disciplines are not part of its text: a catalogue may change them without a new import. */
export async function setDocumentDisciplines(db: Queryable, id: string, disciplines: string[]): Promise<void> {
  await db.update(standardDocuments).set({ disciplines }).where(eq(standardDocuments.id, id));
}

export async function setCurrentEdition(db: Queryable, standardCode: string, title: string, id: string): Promise<void> {
  await db
    .update(standardDocuments)
    .set({ current: false })
    .where(and(eq(standardDocuments.standardCode, standardCode), eq(standardDocuments.title, title), ne(standardDocuments.id, id), inForce));
  await db.update(standardDocuments).set({ current: true }).where(eq(standardDocuments.id, id));
}

/** The clauses of one document as a difference reads them, in document order. */
export function listDocumentClauses(db: Queryable, documentId: string) {
  return db
    .select({ ref: clauses.ref, section: clauses.section, heading: clauses.heading, text: clauses.text })
    .from(clauses)
    .where(eq(clauses.documentId, documentId))
    .orderBy(asc(clauses.position));
}

export async function insertEditionChange(db: Queryable, values: typeof standardEditionChanges.$inferInsert): Promise<void> {
  await db.insert(standardEditionChanges).values(values);
}

/**
 * The editions of a standard's documents (of one title when given), with clause counts and, where
 * an edition came in as a newer one, what it changed against the one it superseded (the latest such record).
 */
export function listDocumentEditions(db: Queryable, standardCode: string, title?: string) {
  return db
    .select({
      id: standardDocuments.id,
      title: standardDocuments.title,
      edition: standardDocuments.edition,
      current: standardDocuments.current,
      importedAt: standardDocuments.importedAt,
      clauseCount: sql<number>`(select count(*)::int from clauses c where c.document_id = "standard_documents"."id")`,
      changes: sql<{ fromEdition: string; added: number; removed: number; changed: number } | null>`(
        select json_build_object('fromEdition', ch.from_edition, 'added', jsonb_array_length(ch.added), 'removed', jsonb_array_length(ch.removed), 'changed', jsonb_array_length(ch.changed))
        from standard_edition_changes ch where ch.to_document_id = "standard_documents"."id" order by ch.created_at desc limit 1)`,
    })
    .from(standardDocuments)
    .where(and(eq(standardDocuments.standardCode, standardCode), title === undefined ? undefined : eq(standardDocuments.title, title)))
    .orderBy(asc(standardDocuments.title), desc(standardDocuments.current), desc(standardDocuments.importedAt));
}

/**
 * The oldest edition change not yet announced, locked for this transaction: other instances skip
 * it (SKIP LOCKED) rather than wait or announce it twice.
 */
export function claimPendingEditionChange(db: Queryable) {
  return db
    .select()
    .from(standardEditionChanges)
    .where(isNull(standardEditionChanges.announcedAt))
    .orderBy(asc(standardEditionChanges.createdAt), asc(standardEditionChanges.id))
    .limit(1)
    .for('update', { skipLocked: true })
    .then((r) => r[0]);
}

export async function markEditionChangeAnnounced(db: Queryable, id: string): Promise<void> {
  await db.update(standardEditionChanges).set({ announcedAt: new Date() }).where(eq(standardEditionChanges.id, id));
}

export async function insertDocument(db: Queryable, values: typeof standardDocuments.$inferInsert): Promise<string> {
  const [row] = await db.insert(standardDocuments).values(values).returning({ id: standardDocuments.id });
  if (!row) throw new Error('insert into standard_documents returned nothing');
  return row.id;
}

export async function insertClauses(db: Queryable, rows: (typeof clauses.$inferInsert)[]): Promise<void> {
  // Bounded batches keep each statement under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(clauses).values(rows.slice(i, i + 500));
  }
}

/** Every imported document with its clause count, or those of one standard. */
export function listDocuments(db: Queryable, standardCode?: string) {
  return db
    .select({
      id: standardDocuments.id,
      current: standardDocuments.current,
      standard: standardDocuments.standardCode,
      title: standardDocuments.title,
      edition: standardDocuments.edition,
      source: standardDocuments.source,
      disciplines: standardDocuments.disciplines,
      importedAt: standardDocuments.importedAt,
      clauseCount: count(clauses.id),
    })
    .from(standardDocuments)
    .leftJoin(clauses, eq(clauses.documentId, standardDocuments.id))
    .where(standardCode === undefined ? undefined : eq(standardDocuments.standardCode, standardCode))
    .groupBy(standardDocuments.id)
    .orderBy(asc(standardDocuments.standardCode), asc(standardDocuments.title));
}

/** A clause by exact reference in the documents in force; the latest import first should two titles carry it. */
export function findClauseByRef(db: Queryable, standardCode: string, ref: string) {
  return db
    .select({ clause: clauses, document: standardDocuments })
    .from(clauses)
    .innerJoin(standardDocuments, and(eq(standardDocuments.id, clauses.documentId), inForce))
    .where(and(eq(clauses.standardCode, standardCode), eq(clauses.ref, ref)))
    .orderBy(sql`${standardDocuments.importedAt} desc`)
    .limit(1)
    .then((r) => r[0]);
}

export function listClausesOfSection(db: Queryable, standardCode: string, section: string) {
  return db
    .select()
    .from(clauses)
    .where(and(eq(clauses.standardCode, standardCode), eq(clauses.section, section)))
    .orderBy(asc(clauses.documentId), asc(clauses.position));
}

/** Every edition held of one document title in a standard. */
export function listEditions(db: Queryable, standardCode: string, title: string) {
  return db
    .select({
      id: standardDocuments.id,
      edition: standardDocuments.edition,
      current: standardDocuments.current,
      importedAt: standardDocuments.importedAt,
      disciplines: standardDocuments.disciplines,
    })
    .from(standardDocuments)
    .where(and(eq(standardDocuments.standardCode, standardCode), eq(standardDocuments.title, title)));
}

/** One row per section (its first clause) of the documents in force, in document order. */
export function listSections(db: Queryable, standardCode: string) {
  return db
    .selectDistinctOn([clauses.documentId, clauses.section], {
      section: clauses.section,
      heading: clauses.heading,
      subpart: clauses.subpart,
      position: clauses.position,
      document: { id: standardDocuments.id, title: standardDocuments.title, edition: standardDocuments.edition },
    })
    .from(clauses)
    .innerJoin(standardDocuments, and(eq(standardDocuments.id, clauses.documentId), inForce))
    .where(eq(clauses.standardCode, standardCode))
    .orderBy(clauses.documentId, clauses.section, asc(clauses.position));
}

/** A section's clauses in the documents in force. */
export function listSectionClauses(db: Queryable, standardCode: string, section: string) {
  return db
    .select({ clause: clauses, document: standardDocuments })
    .from(clauses)
    .innerJoin(standardDocuments, and(eq(standardDocuments.id, clauses.documentId), inForce))
    .where(and(eq(clauses.standardCode, standardCode), eq(clauses.section, section)))
    .orderBy(asc(standardDocuments.title), asc(clauses.position));
}

/**
 * Every clause of the named sections in the documents in force, with its document, newest import
 * first (one query for many sections). Only the columns a clause is shown with: not the search
 * vector, which is as large as the text.
 */
export function listClausesOfSections(db: Queryable, standardCode: string, sections: string[]) {
  return db
    .select({
      clause: {
        standardCode: clauses.standardCode,
        ref: clauses.ref,
        section: clauses.section,
        heading: clauses.heading,
        subpart: clauses.subpart,
        text: clauses.text,
        discipline: clauses.discipline,
      },
      document: { id: standardDocuments.id, title: standardDocuments.title, edition: standardDocuments.edition },
    })
    .from(clauses)
    .innerJoin(standardDocuments, and(eq(standardDocuments.id, clauses.documentId), inForce))
    .where(and(eq(clauses.standardCode, standardCode), inArray(clauses.section, sections)))
    .orderBy(sql`${standardDocuments.importedAt} desc`, asc(clauses.position));
}
