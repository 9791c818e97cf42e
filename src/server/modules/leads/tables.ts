import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Contact and demo requests from the public site, newest first in the admin dashboard. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['contact', 'demo'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    role: text('role'),
    message: text('message'),
    preferredDate: date('preferred_date', { mode: 'string' }),
    teamSize: text('team_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_created_at_idx').on(t.createdAt)],
);
