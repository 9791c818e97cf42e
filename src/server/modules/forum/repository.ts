import { sql, type SQL } from 'drizzle-orm';
import { FORUM, type ForumCategoryId, type ModerationAction, type PostKind, type PostStatus, type TopicListQuery } from '../../../shared/schemas/forum';
import { queryOne as one, queryRows as rows, toDate, type Queryable, type Tx } from '../../db/client';
import type { SqlRow } from '../../db/sql-row';
import type { forumCategories, forumFlags, forumModerationDecisions, forumReplies, forumTopics } from './tables';

/** A uuid[] literal of parameters. */
const uuidArray = (ids: string[]): SQL =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

// ── Authors ───────────────────────────────────────────────────────────────

/** The display-name rule of shared/display-name.ts, in SQL: the profile's full name, else the part of the e-mail before '@'. */
const authorName = (userAlias: string, profileAlias: string) =>
  sql.raw(`coalesce(nullif(trim(${profileAlias}.full_name), ''), split_part(${userAlias}.email, '@', 1))`);

type Category = SqlRow<typeof forumCategories>;
type Topic = SqlRow<typeof forumTopics>;
type Reply = SqlRow<typeof forumReplies>;
type Flag = SqlRow<typeof forumFlags>;
type Decision = SqlRow<typeof forumModerationDecisions>;

/** The author of a post (or of a report) by display name and job title. */
export interface AuthorRow {
  author_id: Topic['author_id'];
  author_name: string;
  author_role: string | null;
}

// ── Categories ────────────────────────────────────────────────────────────

export type CategoryCountRow = Pick<Category, 'id' | 'name' | 'description'> & { topic_count: number };

/** The categories in their order, each with its count of published topics (one pass over the category index). */
export function listCategoriesWithCounts(db: Queryable): Promise<CategoryCountRow[]> {
  return rows<CategoryCountRow>(
    db,
    sql`select c.id, c.name, c.description, coalesce(n.topic_count, 0)::int as topic_count
        from forum_categories c
        left join (select category_id, count(*) as topic_count from forum_topics where status = 'published' group by category_id) n on n.category_id = c.id
        order by c.position, c.name`,
  );
}

// ── Topics ────────────────────────────────────────────────────────────────

export type TopicRow = AuthorRow &
  Pick<
    Topic,
    | 'id'
    | 'title'
    | 'body'
    | 'category_id'
    | 'tags'
    | 'pinned'
    | 'locked'
    | 'views'
    | 'likes'
    | 'replies'
    | 'open_flags'
    | 'status'
    | 'auto_reasons'
    | 'moderation_reason'
    | 'created_at'
    | 'edited_at'
    | 'last_activity_at'
  > & { category_name: string; liked_by_me: boolean; saved_by_me: boolean };

/** The select list and joins of a full topic row (alias `t`), with the viewer's like and save. */
function topicSelect(viewerId: string | null, bodyChars?: number): { columns: SQL; joins: SQL } {
  const me = viewerId ?? '00000000-0000-0000-0000-000000000000';
  const body = bodyChars ? sql`left(t.body, ${bodyChars})` : sql`t.body`;
  return {
    columns: sql`t.id, t.title, ${body} as body, t.category_id, c.name as category_name, t.tags,
          t.author_id, ${authorName('u', 'p')} as author_name, nullif(trim(p.job_title), '') as author_role,
          t.pinned, t.locked, t.views, t.likes, t.replies, t.open_flags, t.status, t.auto_reasons, t.moderation_reason,
          t.created_at, t.edited_at, t.last_activity_at,
          exists(select 1 from forum_topic_likes l where l.topic_id = t.id and l.user_id = ${me}::uuid) as liked_by_me,
          exists(select 1 from forum_saved_topics s where s.topic_id = t.id and s.user_id = ${me}::uuid) as saved_by_me`,
    joins: sql`join forum_categories c on c.id = t.category_id
        join users u on u.id = t.author_id
        left join profiles p on p.id = t.author_id`,
  };
}

const fixTopic = (r: TopicRow): TopicRow => ({
  ...r,
  created_at: toDate(r.created_at),
  last_activity_at: toDate(r.last_activity_at),
  edited_at: r.edited_at ? toDate(r.edited_at) : null,
});

/** Full topic rows (with author, category, and the viewer's like and save) for these ids, in any order. */
export async function topicsByIds(db: Queryable, ids: string[], viewerId: string | null, bodyChars?: number): Promise<TopicRow[]> {
  if (ids.length === 0) return [];
  const { columns, joins } = topicSelect(viewerId, bodyChars);
  const found = await rows<TopicRow>(db, sql`select ${columns} from forum_topics t ${joins} where t.id = any(${uuidArray(ids)})`);
  return found.map(fixTopic);
}

export async function findTopic(db: Queryable, id: string, viewerId: string | null): Promise<TopicRow | undefined> {
  return (await topicsByIds(db, [id], viewerId))[0];
}

const sortColumn: Record<TopicListQuery['sort'], string> = {
  recent: 't.created_at',
  popular: 't.views',
  active: 't.last_activity_at',
};

/** `pinned first, then the sort key, newest first`, matching the list indexes (NOT NULL columns, NULLS LAST). */
function orderBy(sort: TopicListQuery['sort'], alias = 't'): SQL {
  const key = sortColumn[sort].replace('t.', `${alias}.`);
  return sql.raw(`${alias}.pinned desc nulls last, ${key} desc nulls last, ${alias}.created_at desc nulls last, ${alias}.id desc`);
}

/**
 * The prefix tsquery text for a search: every word must match, each as a prefix
 * (`geom` finds "geometry"). Words are letters and digits only, so the text is safe.
 */
export function searchQueryText(q: string): string | undefined {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** The filters of a list query besides visibility. */
function listFilters(query: Pick<TopicListQuery, 'category' | 'q' | 'tag' | 'tab'>, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.category) where.push(sql`t.category_id = ${query.category}`);
  if (query.q) {
    const text = searchQueryText(query.q);
    // Nothing searchable (punctuation only) matches nothing.
    where.push(text ? sql`t.search @@ to_tsquery('english', ${text})` : sql`false`);
  }
  if (query.tag) where.push(sql`t.tags @> array[${query.tag.toLowerCase()}]::text[]`);
  // A literal, so that the planner can match the partial index forum_topics_popular_idx.
  if (query.tab === 'popular') where.push(sql`t.likes + t.replies >= ${sql.raw(String(FORUM.popularMinEngagement))}`);
  if (query.tab === 'latest') where.push(sql`t.created_at >= ${new Date(now.getTime() - FORUM.latestDays * 86_400_000).toISOString()}::timestamptz`);
  if (query.tab === 'unanswered') where.push(sql`t.replies = 0`);
  return where;
}

const and = (parts: SQL[]): SQL => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));

/**
 * One page of the topic list, in order, with the count of all matches: published topics
 * matching the query plus the viewer's own topics of any other status. Each half is
 * ordered, limited and counted on its own (so that each uses its indexes), then merged;
 * one statement, so one round trip.
 */
export async function listTopics(
  db: Queryable,
  query: TopicListQuery,
  viewerId: string | null,
  now: Date,
  options: { bodyChars?: number; publishedTotal?: number; withOwnUnpublished?: boolean } = {},
): Promise<{ rows: TopicRow[]; total: number; publishedTotal: number }> {
  const filters = and(listFilters(query, now));
  const offset = (query.page - 1) * query.pageSize;
  const upTo = offset + query.pageSize;
  const order = orderBy(query.sort);
  const keys = sql`t.id, t.pinned, t.created_at, t.views, t.last_activity_at`;
  const published = sql`select ${keys} from forum_topics t where t.status = 'published' and ${filters} order by ${order} limit ${upTo}`;
  // The viewer's own held, hidden or rejected topics; left out when there are none (the usual case), which keeps the statement simple to plan.
  const mine =
    viewerId && options.withOwnUnpublished !== false
      ? sql`select ${keys} from forum_topics t where t.author_id = ${viewerId}::uuid and t.status <> 'published' and ${filters} order by ${order} limit ${upTo}`
      : undefined;
  const publishedCount =
    options.publishedTotal !== undefined
      ? sql`${options.publishedTotal}::bigint`
      : sql`(select count(*) from forum_topics t where t.status = 'published' and ${filters})`;
  const mineCount = mine
    ? sql`(select count(*) from forum_topics t where t.author_id = ${viewerId}::uuid and t.status <> 'published' and ${filters})`
    : sql`0::bigint`;
  const { columns, joins } = topicSelect(viewerId, options.bodyChars);
  type Counted = { published_total: number | string; mine_total: number | string };
  const totals = (r: Counted | undefined) => {
    const publishedTotal = Number(r?.published_total ?? 0);
    return { publishedTotal, total: publishedTotal + Number(r?.mine_total ?? 0) };
  };
  const found = await rows<TopicRow & Counted>(
    db,
    mine
      ? sql`with page as (select m.id from ((${published}) union all (${mine})) m order by ${orderBy(query.sort, 'm')} limit ${query.pageSize} offset ${offset})
          select ${columns}, ${publishedCount} as published_total, ${mineCount} as mine_total
          from page join forum_topics t on t.id = page.id ${joins} order by ${order}`
      : sql`select ${columns}, ${publishedCount} as published_total, 0 as mine_total
          from forum_topics t ${joins} where t.status = 'published' and ${filters} order by ${order} limit ${query.pageSize} offset ${offset}`,
  );
  if (found.length > 0) return { rows: found.map(fixTopic), ...totals(found[0]) };
  // Past the last page (or nothing matches): the counts alone.
  return { rows: [], ...totals(await one<Counted>(db, sql`select ${publishedCount} as published_total, ${mineCount} as mine_total`)) };
}

/** Ids of the guest preview: the first published topics of the default order. */
export async function previewTopicIds(db: Queryable, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(db, sql`select t.id from forum_topics t where t.status = 'published' order by ${orderBy('recent')} limit ${limit}`);
  return found.map((r) => r.id);
}

/** Whether the user has topics that are not published (held, hidden or rejected). */
export async function hasUnpublishedTopics(db: Queryable, userId: string): Promise<boolean> {
  const row = await one<{ found: boolean }>(
    db,
    sql`select exists(select 1 from forum_topics where author_id = ${userId}::uuid and status <> 'published') as found`,
  );
  return row?.found ?? false;
}

export async function countPublishedTopics(db: Queryable): Promise<number> {
  return (await one<{ n: number }>(db, sql`select count(*)::int as n from forum_topics where status = 'published'`))?.n ?? 0;
}

/** A page of the user's saved topics that the user may see, newest save first. */
export async function savedTopicIds(db: Queryable, userId: string, page: number, pageSize: number): Promise<{ ids: string[]; total: number }> {
  const visible = sql`(t.status = 'published' or t.author_id = ${userId}::uuid)`;
  const found = await rows<{ id: string }>(
    db,
    sql`select t.id from forum_saved_topics s join forum_topics t on t.id = s.topic_id
        where s.user_id = ${userId}::uuid and ${visible} order by s.created_at desc, t.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const counted = await one<{ total: number }>(
    db,
    sql`select count(*)::int as total from forum_saved_topics s join forum_topics t on t.id = s.topic_id where s.user_id = ${userId}::uuid and ${visible}`,
  );
  return { ids: found.map((r) => r.id), total: counted?.total ?? 0 };
}

export interface NewTopic {
  categoryId: ForumCategoryId;
  authorId: string;
  title: string;
  body: string;
  tags: string[];
  textHash: string;
  status: PostStatus;
  autoReasons: string[];
  moderationReason: string | null;
  pinned?: boolean;
  locked?: boolean;
  views?: number;
  createdAt?: Date;
}

const textArray = (values: string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

export async function insertTopic(db: Queryable, t: NewTopic): Promise<string> {
  const created = (t.createdAt ?? new Date()).toISOString();
  const row = await one<{ id: string }>(
    db,
    sql`insert into forum_topics (category_id, author_id, title, body, tags, tag_names, text_hash, status, auto_reasons, moderation_reason, pinned, locked, views, created_at, last_activity_at)
        values (${t.categoryId}, ${t.authorId}::uuid, ${t.title}, ${t.body}, ${textArray(t.tags)}, ${t.tags.join(' ')}, ${t.textHash}, ${t.status},
                ${textArray(t.autoReasons)}, ${t.moderationReason}, ${t.pinned ?? false}, ${t.locked ?? false}, ${t.views ?? 0}, ${created}::timestamptz, ${created}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('insert into forum_topics returned nothing');
  return row.id;
}

export interface TopicChanges {
  title?: string;
  body?: string;
  categoryId?: ForumCategoryId;
  tags?: string[];
  textHash?: string;
  status?: PostStatus;
  autoReasons?: string[];
  moderationReason?: string | null;
  pinned?: boolean;
  locked?: boolean;
  editedAt?: Date;
  openFlags?: number;
}

export async function updateTopic(db: Queryable, id: string, c: TopicChanges): Promise<void> {
  const sets: SQL[] = [];
  if (c.title !== undefined) sets.push(sql`title = ${c.title}`);
  if (c.body !== undefined) sets.push(sql`body = ${c.body}`);
  if (c.categoryId !== undefined) sets.push(sql`category_id = ${c.categoryId}`);
  if (c.tags !== undefined) sets.push(sql`tags = ${textArray(c.tags)}`, sql`tag_names = ${c.tags.join(' ')}`);
  if (c.textHash !== undefined) sets.push(sql`text_hash = ${c.textHash}`);
  if (c.status !== undefined) sets.push(sql`status = ${c.status}`);
  if (c.autoReasons !== undefined) sets.push(sql`auto_reasons = ${textArray(c.autoReasons)}`);
  if (c.moderationReason !== undefined) sets.push(sql`moderation_reason = ${c.moderationReason}`);
  if (c.pinned !== undefined) sets.push(sql`pinned = ${c.pinned}`);
  if (c.locked !== undefined) sets.push(sql`locked = ${c.locked}`);
  if (c.editedAt !== undefined) sets.push(sql`edited_at = ${c.editedAt.toISOString()}::timestamptz`);
  if (c.openFlags !== undefined) sets.push(sql`open_flags = ${c.openFlags}`);
  if (sets.length === 0) return;
  await db.execute(sql`update forum_topics set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
}

/** Locks the topic row for the rest of the transaction (counters are recomputed under it). */
export async function lockTopic(
  db: Tx,
  id: string,
): Promise<{ id: string; status: PostStatus; locked: boolean; author_id: string; title: string } | undefined> {
  return one(db, sql`select id, status, locked, author_id, title from forum_topics where id = ${id}::uuid for update`);
}

export async function deleteTopic(db: Queryable, id: string): Promise<void> {
  await db.execute(sql`delete from forum_topics where id = ${id}::uuid`);
}

export async function countView(db: Queryable, id: string): Promise<void> {
  await db.execute(sql`update forum_topics set views = views + 1 where id = ${id}::uuid`);
}

/** Recomputes a topic's published-reply count and last activity from its replies (call with the topic locked). */
export async function refreshTopicActivity(db: Queryable, topicId: string): Promise<void> {
  await db.execute(sql`
    update forum_topics t set
      replies = r.n,
      last_activity_at = greatest(t.created_at, coalesce(r.latest, t.created_at))
    from (select count(*)::int as n, max(created_at) as latest from forum_replies where topic_id = ${topicId}::uuid and status = 'published') r
    where t.id = ${topicId}::uuid`);
}

// ── Replies ───────────────────────────────────────────────────────────────

export type ReplyRow = AuthorRow &
  Pick<Reply, 'id' | 'topic_id' | 'body' | 'likes' | 'open_flags' | 'status' | 'auto_reasons' | 'moderation_reason' | 'created_at' | 'edited_at'> & {
    liked_by_me: boolean;
  };

function replySelect(viewerId: string | null, where: SQL): SQL {
  const me = viewerId ?? '00000000-0000-0000-0000-000000000000';
  return sql`select r.id, r.topic_id, r.body, r.likes, r.open_flags, r.status, r.auto_reasons, r.moderation_reason, r.created_at, r.edited_at,
          r.author_id, ${authorName('u', 'p')} as author_name, nullif(trim(p.job_title), '') as author_role,
          exists(select 1 from forum_reply_likes l where l.reply_id = r.id and l.user_id = ${me}::uuid) as liked_by_me
        from forum_replies r join users u on u.id = r.author_id left join profiles p on p.id = r.author_id
        where ${where}`;
}

const fixReply = (r: ReplyRow): ReplyRow => ({ ...r, created_at: toDate(r.created_at), edited_at: r.edited_at ? toDate(r.edited_at) : null });

export async function findReply(db: Queryable, topicId: string, replyId: string, viewerId: string | null): Promise<ReplyRow | undefined> {
  const row = await one<ReplyRow>(db, replySelect(viewerId, sql`r.id = ${replyId}::uuid and r.topic_id = ${topicId}::uuid`));
  return row ? fixReply(row) : undefined;
}

export async function findReplyById(db: Queryable, replyId: string): Promise<{ topic_id: string; status: PostStatus; open_flags: number } | undefined> {
  return one(db, sql`select topic_id, status, open_flags from forum_replies where id = ${replyId}::uuid`);
}

/** A page of a topic's replies, oldest first: published ones plus the viewer's own. */
export async function listReplies(
  db: Queryable,
  topicId: string,
  viewerId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: ReplyRow[]; total: number }> {
  const visible = sql`r.topic_id = ${topicId}::uuid and (r.status = 'published' or r.author_id = ${viewerId}::uuid)`;
  const found = await rows<ReplyRow>(db, sql`${replySelect(viewerId, visible)} order by r.created_at, r.id limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const counted = await one<{ total: number }>(db, sql`select count(*)::int as total from forum_replies r where ${visible}`);
  return { rows: found.map(fixReply), total: counted?.total ?? 0 };
}

export interface NewReply {
  topicId: string;
  authorId: string;
  body: string;
  textHash: string;
  status: PostStatus;
  autoReasons: string[];
  moderationReason: string | null;
  createdAt?: Date;
}

export async function insertReply(db: Queryable, r: NewReply): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    sql`insert into forum_replies (topic_id, author_id, body, text_hash, status, auto_reasons, moderation_reason, created_at)
        values (${r.topicId}::uuid, ${r.authorId}::uuid, ${r.body}, ${r.textHash}, ${r.status}, ${textArray(r.autoReasons)}, ${r.moderationReason},
                ${(r.createdAt ?? new Date()).toISOString()}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('insert into forum_replies returned nothing');
  return row.id;
}

export interface ReplyChanges {
  body?: string;
  textHash?: string;
  status?: PostStatus;
  autoReasons?: string[];
  moderationReason?: string | null;
  editedAt?: Date;
  openFlags?: number;
}

export async function updateReply(db: Queryable, id: string, c: ReplyChanges): Promise<void> {
  const sets: SQL[] = [];
  if (c.body !== undefined) sets.push(sql`body = ${c.body}`);
  if (c.textHash !== undefined) sets.push(sql`text_hash = ${c.textHash}`);
  if (c.status !== undefined) sets.push(sql`status = ${c.status}`);
  if (c.autoReasons !== undefined) sets.push(sql`auto_reasons = ${textArray(c.autoReasons)}`);
  if (c.moderationReason !== undefined) sets.push(sql`moderation_reason = ${c.moderationReason}`);
  if (c.editedAt !== undefined) sets.push(sql`edited_at = ${c.editedAt.toISOString()}::timestamptz`);
  if (c.openFlags !== undefined) sets.push(sql`open_flags = ${c.openFlags}`);
  if (sets.length === 0) return;
  await db.execute(sql`update forum_replies set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
}

export async function deleteReply(db: Queryable, id: string): Promise<void> {
  await db.execute(sql`delete from forum_replies where id = ${id}::uuid`);
}

// ── Likes, saves, flags ───────────────────────────────────────────────────

/** Adds or removes the user's like and keeps the post's counter; answers the new count and state. */
export async function setLike(db: Tx, kind: PostKind, postId: string, userId: string, liked: boolean): Promise<{ likes: number; likedByMe: boolean }> {
  const likeTable = sql.raw(kind === 'topic' ? 'forum_topic_likes' : 'forum_reply_likes');
  const postTable = sql.raw(kind === 'topic' ? 'forum_topics' : 'forum_replies');
  const postColumn = sql.raw(kind === 'topic' ? 'topic_id' : 'reply_id');
  const changed = liked
    ? await rows(db, sql`insert into ${likeTable} (${postColumn}, user_id) values (${postId}::uuid, ${userId}::uuid) on conflict do nothing returning user_id`)
    : await rows(db, sql`delete from ${likeTable} where ${postColumn} = ${postId}::uuid and user_id = ${userId}::uuid returning user_id`);
  const delta = changed.length === 0 ? 0 : liked ? 1 : -1;
  const row = await one<{ likes: number }>(db, sql`update ${postTable} set likes = greatest(0, likes + ${delta}) where id = ${postId}::uuid returning likes`);
  return { likes: row?.likes ?? 0, likedByMe: liked };
}

export async function setSaved(db: Queryable, topicId: string, userId: string, saved: boolean): Promise<void> {
  await db.execute(
    saved
      ? sql`insert into forum_saved_topics (user_id, topic_id) values (${userId}::uuid, ${topicId}::uuid) on conflict do nothing`
      : sql`delete from forum_saved_topics where user_id = ${userId}::uuid and topic_id = ${topicId}::uuid`,
  );
}

/** Records a report; false when the user already has an open report of this post. Bumps the post's open-flag counter. */
export async function insertFlag(
  db: Tx,
  post: { kind: PostKind; topicId: string; replyId: string | null },
  userId: string,
  reason: string,
): Promise<{ inserted: boolean; openFlags: number }> {
  const inserted = await rows(
    db,
    sql`insert into forum_flags (topic_id, reply_id, user_id, reason) values (${post.topicId}::uuid, ${post.replyId}::uuid, ${userId}::uuid, ${reason})
        on conflict do nothing returning id`,
  );
  if (inserted.length === 0) return { inserted: false, openFlags: 0 };
  const table = sql.raw(post.kind === 'topic' ? 'forum_topics' : 'forum_replies');
  const id = post.kind === 'topic' ? post.topicId : (post.replyId as string);
  const row = await one<{ open_flags: number }>(db, sql`update ${table} set open_flags = open_flags + 1 where id = ${id}::uuid returning open_flags`);
  return { inserted: true, openFlags: row?.open_flags ?? 0 };
}

/** Closes the open reports of a post (after an admin's decision). */
export async function resolveFlags(db: Queryable, kind: PostKind, postId: string, now: Date): Promise<void> {
  const where = kind === 'topic' ? sql`topic_id = ${postId}::uuid and reply_id is null` : sql`reply_id = ${postId}::uuid`;
  await db.execute(sql`update forum_flags set resolved_at = ${now.toISOString()}::timestamptz where ${where} and resolved_at is null`);
}

export type FlagRow = AuthorRow & Pick<Flag, 'topic_id' | 'reply_id' | 'reason' | 'created_at'>;

/** Open reports of these posts, oldest first. */
export async function openFlagsOf(db: Queryable, topicIds: string[], replyIds: string[]): Promise<FlagRow[]> {
  if (topicIds.length === 0 && replyIds.length === 0) return [];
  const found = await rows<FlagRow>(
    db,
    sql`select f.topic_id, f.reply_id, f.reason, f.created_at, f.user_id as author_id, ${authorName('u', 'p')} as author_name, nullif(trim(p.job_title), '') as author_role
        from forum_flags f join users u on u.id = f.user_id left join profiles p on p.id = f.user_id
        where f.resolved_at is null and ((f.reply_id is null and f.topic_id = any(${uuidArray(topicIds)})) or f.reply_id = any(${uuidArray(replyIds)}))
        order by f.created_at`,
  );
  return found.map((f) => ({ ...f, created_at: toDate(f.created_at) }));
}

// ── Moderation ────────────────────────────────────────────────────────────

export interface DecisionInput {
  kind: PostKind;
  postId: string;
  topicId: string;
  topicTitle: string;
  action: ModerationAction;
  reason: string | null;
  moderatorId: string | null;
}

export type DecisionRow = Decision & { moderator_name: string | null; moderator_role: string | null };

export async function insertDecision(db: Queryable, d: DecisionInput): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    sql`insert into forum_moderation_decisions (post_kind, post_id, topic_id, topic_title, action, reason, moderator_id)
        values (${d.kind}, ${d.postId}::uuid, ${d.topicId}::uuid, ${d.topicTitle}, ${d.action}, ${d.reason}, ${d.moderatorId}::uuid) returning id`,
  );
  if (!row) throw new Error('insert into forum_moderation_decisions returned nothing');
  return row.id;
}

const decisionSelect = sql`select d.id, d.post_kind, d.post_id, d.topic_id, d.topic_title, d.action, d.reason, d.moderator_id, d.created_at,
    case when d.moderator_id is null then null else ${authorName('u', 'p')} end as moderator_name, nullif(trim(p.job_title), '') as moderator_role
  from forum_moderation_decisions d left join users u on u.id = d.moderator_id left join profiles p on p.id = d.moderator_id`;

export async function findDecision(db: Queryable, id: string): Promise<DecisionRow | undefined> {
  const row = await one<DecisionRow>(db, sql`${decisionSelect} where d.id = ${id}::uuid`);
  return row ? { ...row, created_at: toDate(row.created_at) } : undefined;
}

export async function listDecisions(db: Queryable, page: number, pageSize: number, postId?: string): Promise<{ rows: DecisionRow[]; total: number }> {
  const where = postId ? sql`d.post_id = ${postId}::uuid` : sql`true`;
  const found = await rows<DecisionRow>(
    db,
    sql`${decisionSelect} where ${where} order by d.created_at desc, d.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const counted = await one<{ total: number }>(db, sql`select count(*)::int as total from forum_moderation_decisions d where ${where}`);
  return { rows: found.map((r) => ({ ...r, created_at: toDate(r.created_at) })), total: counted?.total ?? 0 };
}

/** A topic or a reply waiting for a decision, with its topic's title, tags and category. */
export type QueueRow = AuthorRow &
  Pick<Topic, 'id' | 'body' | 'tags' | 'category_id' | 'status' | 'auto_reasons' | 'created_at'> & {
    kind: Decision['post_kind'];
    topic_id: Reply['topic_id'];
    topic_title: Topic['title'];
    /** The topic's title for a topic; null for a reply. */
    title: Topic['title'] | null;
    category_name: Category['name'];
  };

/** Posts waiting for a decision: held or hidden ones first, then published ones with open reports; oldest first. */
export async function listReviewQueue(db: Queryable, page: number, pageSize: number): Promise<{ rows: QueueRow[]; total: number }> {
  const waiting = (alias: string) => sql.raw(`(${alias}.status in ('held', 'hidden') or (${alias}.status = 'published' and ${alias}.open_flags > 0))`);
  const union = sql`
    select 'topic' as kind, t.id, t.id as topic_id, t.title as topic_title, t.title, t.body, t.tags, t.category_id, t.status, t.auto_reasons, t.created_at, t.author_id
      from forum_topics t where ${waiting('t')}
    union all
    select 'reply' as kind, r.id, r.topic_id, t.title as topic_title, null as title, r.body, t.tags, t.category_id, r.status, r.auto_reasons, r.created_at, r.author_id
      from forum_replies r join forum_topics t on t.id = r.topic_id where ${waiting('r')}`;
  const found = await rows<QueueRow>(
    db,
    sql`select q.*, c.name as category_name, ${authorName('u', 'p')} as author_name, nullif(trim(p.job_title), '') as author_role
        from (${union}) q join forum_categories c on c.id = q.category_id join users u on u.id = q.author_id left join profiles p on p.id = q.author_id
        order by (q.status = 'published'), q.created_at, q.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const counted = await one<{ total: number }>(db, sql`select count(*)::int as total from (${union}) q`);
  return { rows: found.map((r) => ({ ...r, created_at: toDate(r.created_at) })), total: counted?.total ?? 0 };
}

// ── People ────────────────────────────────────────────────────────────────

export async function statsOf(db: Queryable, userId: string): Promise<{ name: string; posts: number; replies: number; likes_received: number; saved: number }> {
  const row = await one<{ name: string; posts: number; replies: number; likes_received: number; saved: number }>(
    db,
    sql`select
      (select ${authorName('u', 'p')} from users u left join profiles p on p.id = u.id where u.id = ${userId}::uuid) as name,
      (select count(*)::int from forum_topics where author_id = ${userId}::uuid and status = 'published') as posts,
      (select count(*)::int from forum_replies where author_id = ${userId}::uuid and status = 'published') as replies,
      (select coalesce(sum(likes), 0)::int from forum_topics where author_id = ${userId}::uuid and status = 'published')
        + (select coalesce(sum(likes), 0)::int from forum_replies where author_id = ${userId}::uuid and status = 'published') as likes_received,
      (select count(*)::int from forum_saved_topics s join forum_topics t on t.id = s.topic_id
         where s.user_id = ${userId}::uuid and (t.status = 'published' or t.author_id = ${userId}::uuid)) as saved`,
  );
  return row ?? { name: '', posts: 0, replies: 0, likes_received: 0, saved: 0 };
}

export interface ActiveMemberRow extends AuthorRow {
  posts: number;
  joined_at: Date;
}

export async function activeMembers(db: Queryable, since: Date, limit: number): Promise<ActiveMemberRow[]> {
  const from = since.toISOString();
  const found = await rows<ActiveMemberRow>(
    db,
    sql`select a.author_id, a.posts, u.created_at as joined_at, ${authorName('u', 'p')} as author_name, nullif(trim(p.job_title), '') as author_role
        from (
          select author_id, count(*)::int as posts from (
            select author_id from forum_topics where status = 'published' and created_at >= ${from}::timestamptz
            union all
            select author_id from forum_replies where status = 'published' and created_at >= ${from}::timestamptz
          ) x group by author_id
        ) a join users u on u.id = a.author_id left join profiles p on p.id = a.author_id
        order by a.posts desc, author_name, a.author_id limit ${limit}`,
  );
  return found.map((r) => ({ ...r, joined_at: toDate(r.joined_at) }));
}

// ── Spam signals ──────────────────────────────────────────────────────────

/** One of a user's own recent posts as the spam signals read it: when, and its text (a topic's title, body and tags). */
export interface RecentPost {
  createdAt: Date;
  text: string;
}

export interface SpamFacts {
  accountCreatedAt: Date;
  publishedPosts: number;
  /** Posts (any status) by the user with this text in the last day, or by anyone in the last hour. */
  sameText: number;
  /** The user's posts (any status) since `recentSince`, newest first, at most `recentLimit`. */
  recentPosts: RecentPost[];
}

export async function spamFacts(
  db: Queryable,
  input: { userId: string; textHash: string; now: Date; recentSince: Date; recentLimit: number; excludeId?: string },
): Promise<SpamFacts> {
  const me = sql`${input.userId}::uuid`;
  const exclude = input.excludeId ?? '00000000-0000-0000-0000-000000000000';
  const day = new Date(input.now.getTime() - 86_400_000).toISOString();
  const hour = new Date(input.now.getTime() - 3_600_000).toISOString();
  const since = input.recentSince.toISOString();
  const row = await one<{ created_at: Date | string; published: number; same_text: number }>(
    db,
    sql`select u.created_at,
      (select count(*)::int from forum_topics where author_id = ${me} and status = 'published')
        + (select count(*)::int from forum_replies where author_id = ${me} and status = 'published') as published,
      (select count(*)::int from forum_topics where text_hash = ${input.textHash} and id <> ${exclude}::uuid
          and ((author_id = ${me} and created_at >= ${day}::timestamptz) or created_at >= ${hour}::timestamptz))
        + (select count(*)::int from forum_replies where text_hash = ${input.textHash} and id <> ${exclude}::uuid
          and ((author_id = ${me} and created_at >= ${day}::timestamptz) or created_at >= ${hour}::timestamptz)) as same_text
     from users u where u.id = ${me}`,
  );
  if (!row) throw new Error(`spamFacts: no user ${input.userId}`);
  // The author indexes (author_id, created_at) give both halves newest first.
  const recent = await rows<{ created_at: Date | string; text: string }>(
    db,
    sql`(select created_at, concat_ws(' ', title, body, array_to_string(tags, ' ')) as text from forum_topics
          where author_id = ${me} and created_at >= ${since}::timestamptz and id <> ${exclude}::uuid
          order by created_at desc limit ${input.recentLimit})
        union all
        (select created_at, body as text from forum_replies
          where author_id = ${me} and created_at >= ${since}::timestamptz and id <> ${exclude}::uuid
          order by created_at desc limit ${input.recentLimit})
        order by created_at desc limit ${input.recentLimit}`,
  );
  return {
    accountCreatedAt: toDate(row.created_at),
    publishedPosts: row.published,
    sameText: row.same_text,
    recentPosts: recent.map((r) => ({ createdAt: toDate(r.created_at), text: r.text })),
  };
}

/** True when a forum topic or a demo member exists already (the seed then does nothing). */
export async function hasForumContent(db: Queryable, seedEmailDomain: string): Promise<boolean> {
  const row = await one<{ found: boolean }>(
    db,
    sql`select exists(select 1 from forum_topics) or exists(select 1 from users where email like ${`%@${seedEmailDomain}`}) as found`,
  );
  return row?.found ?? false;
}
