import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** SPEC §3 Podcast category; knowledge materials share these categories. Names are unique, ignoring case. */
export const podcastCategories = pgTable(
  'podcast_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('podcast_categories_name_idx').on(sql`lower(${t.name})`)],
);
