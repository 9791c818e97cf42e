import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { clauses, standardDocuments, standards } from './tables';


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
      clauseCount: sql<number>`(select count(*)::int from ${clauses} where ${clauses.standardCode} = ${standards.code})`,
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
  return db.delete(standardDocuments).where(eq(standardDocuments.id, id)).returning({ id: standardDocuments.id });
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
      standard: standardDocuments.standardCode,
      title: standardDocuments.title,
      edition: standardDocuments.edition,
      source: standardDocuments.source,
      discipline: standardDocuments.discipline,
      importedAt: standardDocuments.importedAt,
      clauseCount: count(clauses.id),
    })
    .from(standardDocuments)
    .leftJoin(clauses, eq(clauses.documentId, standardDocuments.id))
    .where(standardCode === undefined ? undefined : eq(standardDocuments.standardCode, standardCode))
    .groupBy(standardDocuments.id)
    .orderBy(asc(standardDocuments.standardCode), asc(standardDocuments.title));
}

/** A clause by exact reference, newest edition first when several documents carry it. */
export function findClauseByRef(db: Queryable, standardCode: string, ref: string) {
  return db
    .select({ clause: clauses, document: standardDocuments })
    .from(clauses)
    .innerJoin(standardDocuments, eq(standardDocuments.id, clauses.documentId))
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
    .select({ id: standardDocuments.id, edition: standardDocuments.edition })
    .from(standardDocuments)
    .where(and(eq(standardDocuments.standardCode, standardCode), eq(standardDocuments.title, title)));
}

/** One row per section (its first clause), in document order. */
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
    .innerJoin(standardDocuments, eq(standardDocuments.id, clauses.documentId))
    .where(eq(clauses.standardCode, standardCode))
    .orderBy(clauses.documentId, clauses.section, asc(clauses.position));
}

export function listSectionClauses(db: Queryable, standardCode: string, section: string) {
  return db
    .select({ clause: clauses, document: standardDocuments })
    .from(clauses)
    .innerJoin(standardDocuments, eq(standardDocuments.id, clauses.documentId))
    .where(and(eq(clauses.standardCode, standardCode), eq(clauses.section, section)))
    .orderBy(asc(standardDocuments.title), asc(clauses.position));
}

/**
 * Every clause of the named sections with its document, newest import first (one query for many
 * sections). Only the columns a clause is shown with: not the search vector, which is as large as the text.
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
    .innerJoin(standardDocuments, eq(standardDocuments.id, clauses.documentId))
    .where(and(eq(clauses.standardCode, standardCode), inArray(clauses.section, sections)))
    .orderBy(sql`${standardDocuments.importedAt} desc`, asc(clauses.position));
}
