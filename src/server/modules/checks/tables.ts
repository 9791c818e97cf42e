import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHECK_FILE_TYPES, CHECK_STAGES, CHECK_STATUSES, FINDING_VERDICTS } from '../../../shared/schemas/checks';
import { users } from '../auth/tables';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
});

const VERDICTS = FINDING_VERDICTS;

/**
 * A document check: the uploaded document's particulars, where it is (status, stage and percent),
 * why it failed, and which library edition it was checked against. The row is also the job: the
 * runner claims the oldest queued one (`FOR UPDATE SKIP LOCKED`), so several instances on one
 * PostgreSQL share the queue and a restart resumes it.
 */
export const checks = pgTable(
  'checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    standard: text('standard').notNull(),
    documentName: text('document_name').notNull(),
    documentType: text('document_type', { enum: CHECK_FILE_TYPES }).notNull(),
    documentBytes: integer('document_bytes').notNull(),
    /** PDF: its page count, once read. */
    documentPages: integer('document_pages'),
    status: text('status', { enum: CHECK_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: CHECK_STAGES }).notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    /** Why it failed, in words for the uploader; the cause of an unexpected failure is only logged. */
    error: text('error'),
    edition: text('edition'),
    /** Runs begun: a document that kills its runner again and again is failed rather than retried for ever. */
    attempts: integer('attempts').notNull().default(0),
    /** The run that holds the check: its writes count only while it still holds it. */
    claimToken: uuid('claim_token'),
    /** Touched while a run is alive; a running check not touched for long was left by a dead process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('checks_user_idx').on(t.userId, t.createdAt),
    // The runner's queue: only unfinished checks, oldest first.
    index('checks_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The uploaded file itself, kept in the database rather than in upload storage: it is written in
 * the same transaction as its check (no check without its file, no orphan file), every instance
 * on one PostgreSQL reads it, backups carry it, and upload storage serves its documents to any
 * signed-in user, which a private design document must never be.
 */
export const checkFiles = pgTable('check_files', {
  checkId: uuid('check_id')
    .primaryKey()
    .references(() => checks.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});

/** The document as the readers read it (DocumentContent), for showing a finding in its place. */
export const checkContents = pgTable('check_contents', {
  checkId: uuid('check_id')
    .primaryKey()
    .references(() => checks.id, { onDelete: 'cascade' }),
  content: jsonb('content').notNull(),
});

/**
 * One finding per row, so that a reviewer's override locks and changes one finding only. `finding`
 * holds the engine's finding as made; the review columns hold the latest override.
 */
export const checkFindings = pgTable(
  'check_findings',
  {
    checkId: uuid('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    findingId: text('finding_id').notNull(),
    position: integer('position').notNull(),
    verdict: text('verdict', { enum: VERDICTS }).notNull(),
    finding: jsonb('finding').notNull(),
    extractedBy: text('extracted_by', { enum: ['reader', 'model'] })
      .notNull()
      .default('reader'),
    reviewVerdict: text('review_verdict', { enum: VERDICTS }),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The reviewer's display name as it was then: the trail still names them if the account goes. */
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.findingId] }), index('check_findings_position_idx').on(t.checkId, t.position)],
);

/** Every override of a finding's verdict, oldest first (`seq`), with who, from, to, why and when. */
export const checkAudit = pgTable(
  'check_audit',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    findingId: text('finding_id').notNull(),
    fromVerdict: text('from_verdict', { enum: VERDICTS }).notNull(),
    toVerdict: text('to_verdict', { enum: VERDICTS }).notNull(),
    note: text('note').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('check_audit_check_idx').on(t.checkId, t.seq)],
);
