import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';

export const DATA_EXPORT_STATUSES = ['requested', 'running', 'ready', 'failed'] as const;

/**
 * "Download my data" (issue 19): one export of one account. The row is also the job (as document
 * checks are): the runner claims the oldest requested one, writes the zip to storage, and marks it
 * ready with its size, or failed; a restart requeues what a dead process left running. An export
 * goes with its account (and its file is removed by the sweep once expired or orphaned).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the user, or an admin (null once that admin's account is gone). */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('requested'),
    /** The zip in storage (bucket `exports`), once ready. */
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('requested', 'running')`),
  ],
);
