import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { podcastCategories } from '../categories/tables';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** SPEC §3 Knowledge tag. Names are unique, ignoring case. */
export const knowledgeTags = pgTable(
  'knowledge_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_tags_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * SPEC §3 Knowledge material: an article or a whitepaper. `tag_names` mirrors the names of its
 * tags (kept by the service) so that both search vectors can include them; `search_preview`
 * leaves the gated content out and is what guests search.
 */
export const knowledgeMaterials = pgTable(
  'knowledge_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('article'),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    content: text('content'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => podcastCategories.id, { onDelete: 'restrict' }),
    author: text('author'),
    readTime: text('read_time'),
    featured: boolean('featured').notNull().default(false),
    imageUrl: text('image_url'),
    fileUrl: text('file_url'),
    tagNames: text('tag_names').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '') || ' ' || coalesce(abstract, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')`,
    ),
    searchPreview: tsvector('search_preview').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '') || ' ' || coalesce(abstract, '')), 'B')`,
    ),
  },
  (t) => [
    check('knowledge_materials_kind_check', sql`${t.kind} in ('article', 'whitepaper')`),
    index('knowledge_materials_category_idx').on(t.categoryId),
    index('knowledge_materials_created_idx').on(t.createdAt.desc()),
    index('knowledge_materials_search_idx').using('gin', t.search),
    index('knowledge_materials_search_preview_idx').using('gin', t.searchPreview),
  ],
);

/** Which tags a material carries; a tag once per material (SPEC §5). */
export const knowledgeMaterialTags = pgTable(
  'knowledge_material_tags',
  {
    materialId: uuid('material_id')
      .notNull()
      .references(() => knowledgeMaterials.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => knowledgeTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.tagId] }), index('knowledge_material_tags_tag_idx').on(t.tagId)],
);
