import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * Words joined by a slash apart ("accidents/incidents" → "accidents incidents"), as clause
 * vectors are built; queries go through the same so that their words match.
 */
export function splitSlashes(text: SQL): SQL {
  return sql`regexp_replace(${text}, '(?<=[[:alpha:]])/(?=[[:alpha:]])', ' ', 'g')`;
}

/** A body of rules users can ask about (49 CFR, Metro Trains Melbourne, …); selectable once it has clauses. */
export const standards = pgTable('standards', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  jurisdiction: text('jurisdiction'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One imported document (a CFR part, a PDF, a DOCX) in one edition; re-importing replaces it. */
export const standardDocuments = pgTable(
  'standard_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    standardCode: text('standard_code')
      .notNull()
      .references(() => standards.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    edition: text('edition').notNull(),
    source: text('source'),
    discipline: text('discipline'),
    /** SHA-256 of the imported content, so an unchanged re-import is skipped. */
    contentHash: text('content_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('standard_documents_edition_idx').on(t.standardCode, t.title, t.edition)],
);

/** A citable clause: a section, a paragraph or a defined term, with its full-text vector. */
export const clauses = pgTable(
  'clauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => standardDocuments.id, { onDelete: 'cascade' }),
    standardCode: text('standard_code').notNull(),
    ref: text('ref').notNull(),
    section: text('section').notNull(),
    heading: text('heading').notNull().default(''),
    subpart: text('subpart'),
    text: text('text').notNull(),
    discipline: text('discipline'),
    position: integer('position').notNull(),
    // Reference and heading weigh more than body text in ranking. Words joined by a slash
    // ("accidents/incidents") are split first: PostgreSQL's parser reads them as one unstemmed file name.
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(ref, '') || ' ' || ${splitSlashes(sql`coalesce(heading, '')`)}), 'A') || setweight(to_tsvector('english'::regconfig, ${splitSlashes(sql`coalesce(text, '')`)}), 'B')`,
    ),
  },
  (t) => [
    index('clauses_search_idx').using('gin', t.search),
    index('clauses_standard_ref_idx').on(t.standardCode, t.ref),
    index('clauses_standard_section_idx').on(t.standardCode, t.section),
    index('clauses_document_idx').on(t.documentId, t.position),
  ],
);

/**
 * A clause's embedding by one model (optional: only when an embeddings endpoint is configured).
 * Plain `real[]`, not pgvector, so the embedded PGlite and any PostgreSQL server hold it alike;
 * similarity is computed in the server over an in-memory copy.
 */
export const clauseEmbeddings = pgTable(
  'clause_embeddings',
  {
    clauseId: uuid('clause_id')
      .notNull()
      .references(() => clauses.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    embedding: real('embedding').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clauseId, t.model] })],
);
