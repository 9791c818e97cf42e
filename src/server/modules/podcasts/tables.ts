import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { podcastCategories } from '../categories/tables';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** SPEC §3 Podcast: an episode with its category; listed newest publish date first. */
export const podcasts = pgTable(
  'podcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => podcastCategories.id, { onDelete: 'restrict' }),
    featured: boolean('featured').notNull().default(false),
    duration: text('duration'),
    imageUrl: text('image_url'),
    audioUrl: text('audio_url'),
    publishDate: timestamp('publish_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The title weighs more than the description in search ranking.
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    index('podcasts_publish_date_idx').on(t.publishDate.desc()),
    index('podcasts_category_idx').on(t.categoryId),
    index('podcasts_search_idx').using('gin', t.search),
  ],
);
