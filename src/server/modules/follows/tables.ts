import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';
import { standards } from '../standards/tables';

/** A user follows a standard: each new edition of one of its documents brings them a notice. */
export const standardFollows = pgTable(
  'standard_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    standardCode: text('standard_code')
      .notNull()
      .references(() => standards.code, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.standardCode] }), index('standard_follows_standard_idx').on(t.standardCode)],
);
