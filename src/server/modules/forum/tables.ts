import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ForumCategoryId, ModerationAction, PostKind, PostStatus } from '../../../shared/schemas/forum';
import { users } from '../auth/tables';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

const statusCheck = (column: AnyPgColumn) => sql`${column} in ('published', 'held', 'hidden', 'rejected')`;

/** SPEC §3 Forum categories; the migration inserts the spec's six (ids are slugs). */
export const forumCategories = pgTable('forum_categories', {
  id: text('id').$type<ForumCategoryId>().primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
});

/**
 * A forum topic. `replies`, `likes`, `last_activity_at` and `open_flags` are counters kept
 * by the service in the same transaction as the rows they count. `tag_names` mirrors `tags`
 * (space-separated) so that the generated search vector can include them.
 */
export const forumTopics = pgTable(
  'forum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: text('category_id')
      .$type<ForumCategoryId>()
      .notNull()
      .references(() => forumCategories.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tagNames: text('tag_names').notNull().default(''),
    /** md5 of the normalised text, for the repeated-text spam signal. */
    textHash: text('text_hash').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    openFlags: integer('open_flags').notNull().default(0),
    status: text('status').$type<PostStatus>().notNull().default('published'),
    /** Why the automated moderator held it (shown in the moderation queue). */
    autoReasons: text('auto_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last moderation reason shown to the author (held, hidden or rejected). */
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    check('forum_topics_status_check', statusCheck(t.status)),
    // The list: published topics, pinned first, then by the chosen sort (with or without a category).
    index('forum_topics_recent_idx')
      .on(t.pinned.desc(), t.createdAt.desc())
      .where(sql`status = 'published'`),
    index('forum_topics_views_idx')
      .on(t.pinned.desc(), t.views.desc(), t.createdAt.desc())
      .where(sql`status = 'published'`),
    index('forum_topics_active_idx')
      .on(t.pinned.desc(), t.lastActivityAt.desc())
      .where(sql`status = 'published'`),
    index('forum_topics_category_recent_idx')
      .on(t.categoryId, t.pinned.desc(), t.createdAt.desc())
      .where(sql`status = 'published'`),
    // Tabs Unanswered and Popular (likes + replies >= FORUM.popularMinEngagement): their pages and counts.
    index('forum_topics_unanswered_idx')
      .on(t.pinned.desc(), t.createdAt.desc())
      .where(sql`status = 'published' and replies = 0`),
    index('forum_topics_popular_idx')
      .on(t.pinned.desc(), t.createdAt.desc())
      .where(sql`status = 'published' and likes + replies >= 5`),
    index('forum_topics_author_idx').on(t.authorId, t.createdAt),
    // The viewer's own held/hidden/rejected topics, listed beside the published ones (usually none).
    index('forum_topics_unpublished_author_idx')
      .on(t.authorId)
      .where(sql`status <> 'published'`),
    index('forum_topics_text_hash_idx').on(t.textHash),
    index('forum_topics_tags_idx').using('gin', t.tags),
    index('forum_topics_search_idx').using('gin', t.search),
    index('forum_topics_review_idx')
      .on(t.createdAt)
      .where(sql`status in ('held', 'hidden') or open_flags > 0`),
  ],
);

/** A reply to a topic; `likes` and `open_flags` are counters kept by the service. */
export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    textHash: text('text_hash').notNull(),
    likes: integer('likes').notNull().default(0),
    openFlags: integer('open_flags').notNull().default(0),
    status: text('status').$type<PostStatus>().notNull().default('published'),
    autoReasons: text('auto_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('forum_replies_status_check', statusCheck(t.status)),
    index('forum_replies_topic_idx').on(t.topicId, t.createdAt),
    index('forum_replies_author_idx').on(t.authorId, t.createdAt),
    index('forum_replies_text_hash_idx').on(t.textHash),
    index('forum_replies_review_idx')
      .on(t.createdAt)
      .where(sql`status in ('held', 'hidden') or open_flags > 0`),
  ],
);

/** One like per user per topic. */
export const forumTopicLikes = pgTable(
  'forum_topic_likes',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('forum_topic_likes_user_idx').on(t.userId)],
);

/** One like per user per reply. */
export const forumReplyLikes = pgTable(
  'forum_reply_likes',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('forum_reply_likes_user_idx').on(t.userId)],
);

/**
 * A user's report of a topic (`reply_id` null) or of a reply. Open until an admin decides
 * on the post (`resolved_at`); a user has at most one open report per post.
 */
export const forumFlags = pgTable(
  'forum_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('forum_flags_open_topic_idx')
      .on(t.topicId, t.userId)
      .where(sql`reply_id is null and resolved_at is null`),
    uniqueIndex('forum_flags_open_reply_idx')
      .on(t.replyId, t.userId)
      .where(sql`reply_id is not null and resolved_at is null`),
    index('forum_flags_reply_idx').on(t.replyId),
  ],
);

/** Topics a user saved (the profile card's Saved). */
export const forumSavedTopics = pgTable(
  'forum_saved_topics',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index('forum_saved_topics_topic_idx').on(t.topicId)],
);

/**
 * Every moderation decision: who (`moderator_id` null = the automated moderator), when, why.
 * No foreign key to the post, so the record outlives a deleted post.
 */
export const forumModerationDecisions = pgTable(
  'forum_moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postKind: text('post_kind').$type<PostKind>().notNull(),
    postId: uuid('post_id').notNull(),
    topicId: uuid('topic_id').notNull(),
    topicTitle: text('topic_title').notNull(),
    action: text('action').$type<ModerationAction>().notNull(),
    reason: text('reason'),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('forum_moderation_decisions_kind_check', sql`${t.postKind} in ('topic', 'reply')`),
    index('forum_moderation_decisions_created_idx').on(t.createdAt.desc()),
    index('forum_moderation_decisions_post_idx').on(t.postId),
  ],
);
