import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/**
 * One imported document (a CFR part, a PDF, a DOCX) in one edition; re-importing the same edition
 * replaces it. Several editions of one title are kept side by side; `current` marks the one in
 * force, the only one "the library as it is now" reads (retrieval, clauses, sections, counts, the
 * requirements' verification). Exactly one edition of each title is current.
 */
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
    /**
     * The platform disciplines the document serves (a chat's chosen discipline boosts its clauses):
     * what its rows propose, with what the folder catalogue adds, or what an admin chose.
     */
    disciplines: text('disciplines').array().notNull().default(sql`'{}'::text[]`),
    /** SHA-256 of the imported content, so an unchanged re-import is skipped. */
    contentHash: text('content_hash').notNull(),
    /** The edition in force of its title (see importCurrentEdition); older editions are kept for comparison. */
    current: boolean('current').notNull().default(true),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standard_documents_edition_idx').on(t.standardCode, t.title, t.edition),
    index('standard_documents_current_idx')
      .on(t.standardCode, t.title)
      .where(sql`${t.current}`),
  ],
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

/** A clause as an edition change names it. */
export interface ChangedClauseRef {
  ref: string;
  section: string;
  heading: string;
}

/**
 * What a new edition changed against the one it superseded, clause by clause (matched by ref),
 * recorded in the import's transaction. It is also the job that tells the standard's followers:
 * `announced_at` is set once their notices are written, so a restart resumes an announcement
 * that did not finish, and several instances never announce one change twice (SKIP LOCKED).
 * The word-level difference of the changed texts is computed on request from the two editions.
 */
export const standardEditionChanges = pgTable(
  'standard_edition_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    standardCode: text('standard_code')
      .notNull()
      .references(() => standards.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fromDocumentId: uuid('from_document_id').references(() => standardDocuments.id, { onDelete: 'set null' }),
    fromEdition: text('from_edition').notNull(),
    toDocumentId: uuid('to_document_id')
      .notNull()
      .references(() => standardDocuments.id, { onDelete: 'cascade' }),
    toEdition: text('to_edition').notNull(),
    added: jsonb('added').$type<ChangedClauseRef[]>().notNull(),
    removed: jsonb('removed').$type<ChangedClauseRef[]>().notNull(),
    changed: jsonb('changed').$type<ChangedClauseRef[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('standard_edition_changes_document_idx').on(t.standardCode, t.title, t.createdAt),
    index('standard_edition_changes_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.announcedAt} is null`),
  ],
);
