import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';

export const NOTICE_KINDS = ['edition_change'] as const;

/**
 * An in-app notice to one user (the header's bell and /notices): what happened, in a title and a
 * plain-text body, with the particulars its kind shows (`data`). `source_key` names what it tells
 * of (`edition-change:<id>`), so an announcement run again never tells one user twice.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it was also sent by e-mail (SMTP_URL set); null when it was not, or sending failed. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('notices_user_source_idx').on(t.userId, t.sourceKey), index('notices_user_created_idx').on(t.userId, t.createdAt)],
);
