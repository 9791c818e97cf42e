import { LRUCache } from 'lru-cache';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  FORUM,
  type ActiveMember,
  type CreateTopicValues,
  type DecisionListQuery,
  type DecisionListResponse,
  type DecisionResponse,
  type ForumAuthor,
  type ForumCategoriesResponse,
  type ForumCategoryId,
  type ForumStats,
  type LikeResponse,
  type ModerationAction,
  type ModerationDecision,
  type ModerationQueueResponse,
  type PostKind,
  type PostStatus,
  type Reply,
  type ReplyListResponse,
  type TopicDetail,
  type TopicListQuery,
  type TopicListResponse,
  type TopicSummary,
  type UpdateTopicValues,
  type FlagResponse,
} from '../../../shared/schemas/forum';
import type { Db, Tx } from '../../db/client';
import { isAdmin } from '../roles/service';
import type { Moderator } from './moderation/moderator';
import { textHash } from './moderation/spam';
import * as repo from './repository';

const m = messages.forum;
const EDIT_WINDOW_MS = FORUM.editWindowMinutes * 60_000;
/** Body characters read for a list row's excerpt. */
const EXCERPT_SOURCE_CHARS = 800;
const HIDDEN_BY_FLAGS = `Hidden after ${FORUM.flagsToHide} reports, awaiting review`;

const notFound = (message: string) => new AppError(ErrorCode.notFound, message, 404);

/** The caller: a user id, or null for a guest. */
export interface Viewer {
  userId: string | null;
}

/**
 * Plain text from the start of a markdown body, for a list row: code, images, link
 * targets, HTML tags and markdown punctuation removed, cut at a word.
 */
export function excerptOf(markdown: string, max: number = FORUM.excerptMax): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.replace(/\s+\S*$/, '') || cut}…`;
}

const author = (r: repo.AuthorRow): ForumAuthor => ({ id: r.author_id, name: r.author_name, role: r.author_role });

/** The reason shown to a post's author and admins, or null for anyone else. */
function reasonFor(row: { status: PostStatus; moderation_reason: string | null }, canSeeReason: boolean): string | null {
  return canSeeReason && row.status !== 'published' ? row.moderation_reason : null;
}

function editableUntil(createdAt: Date, isMine: boolean, now: Date): string | null {
  const until = createdAt.getTime() + EDIT_WINDOW_MS;
  return isMine && until > now.getTime() ? new Date(until).toISOString() : null;
}

function toSummary(row: repo.TopicRow, viewerId: string | null): TopicSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.body),
    category: { id: row.category_id, name: row.category_name },
    tags: row.tags,
    author: author(row),
    pinned: row.pinned,
    locked: row.locked,
    views: row.views,
    likes: row.likes,
    replies: row.replies,
    likedByMe: row.liked_by_me,
    savedByMe: row.saved_by_me,
    isMine: viewerId !== null && row.author_id === viewerId,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastActivityAt: row.last_activity_at.toISOString(),
  };
}

function toDetail(row: repo.TopicRow, viewerId: string | null, admin: boolean, now: Date): TopicDetail {
  const isMine = viewerId !== null && row.author_id === viewerId;
  return {
    ...toSummary(row, viewerId),
    body: row.body,
    editedAt: row.edited_at?.toISOString() ?? null,
    editableUntil: editableUntil(row.created_at, isMine, now),
    moderationReason: reasonFor(row, isMine || admin),
  };
}

function toReply(row: repo.ReplyRow, viewerId: string | null, admin: boolean, now: Date): Reply {
  const isMine = viewerId !== null && row.author_id === viewerId;
  return {
    id: row.id,
    topicId: row.topic_id,
    body: row.body,
    author: author(row),
    likes: row.likes,
    likedByMe: row.liked_by_me,
    isMine,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    editableUntil: editableUntil(row.created_at, isMine, now),
    moderationReason: reasonFor(row, isMine || admin),
  };
}

function toDecision(row: repo.DecisionRow): ModerationDecision {
  return {
    id: row.id,
    kind: row.post_kind,
    postId: row.post_id,
    topicId: row.topic_id,
    topicTitle: row.topic_title,
    action: row.action,
    reason: row.reason,
    moderator: row.moderator_id ? { id: row.moderator_id, name: row.moderator_name ?? '', role: row.moderator_role } : null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * How long a count of published topics for one filter is reused. Any forum write through
 * this instance clears them at once; other instances' writes show within this time.
 */
const COUNT_TTL_MS = 5_000;

/** The forum's rules: visibility, the guest preview, counters, moderation and its record. */
export class ForumService {
  /** Counts of published topics per filter (the expensive part of a list page), briefly reused. */
  private readonly publishedCounts = new LRUCache<string, number>({ max: 1000, ttl: COUNT_TTL_MS });

  constructor(
    private readonly db: Db,
    private readonly moderator: Moderator,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Every forum write: one transaction, after which the reused counts are dropped. */
  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } finally {
      this.publishedCounts.clear();
    }
  }

  // ── Reading ───────────────────────────────────────────────────────────

  /** The six categories with their live counts of published topics. */
  async listCategories(): Promise<ForumCategoriesResponse> {
    const categories = await repo.listCategoriesWithCounts(this.db);
    return {
      categories: categories.map((c) => ({ id: c.id, name: c.name, description: c.description, topicCount: c.topic_count })),
      totalTopics: categories.reduce((sum, c) => sum + c.topic_count, 0),
    };
  }

  /** Guests get the fixed 2-topic preview whatever they ask; users get the query's page. */
  async listTopics(viewer: Viewer, query: TopicListQuery): Promise<TopicListResponse> {
    if (viewer.userId === null) {
      const ids = await repo.previewTopicIds(this.db, FORUM.previewTopics);
      const found = await this.summaries(ids, null);
      return { items: found, total: await repo.countPublishedTopics(this.db), page: 1, pageSize: FORUM.previewTopics, preview: true };
    }
    const key = JSON.stringify([query.category, query.q, query.tag, query.tab]);
    // Most users have no held, hidden or rejected topic: then the page is one simple published-only query.
    const withOwnUnpublished = await repo.hasUnpublishedTopics(this.db, viewer.userId);
    const { rows, total, publishedTotal } = await repo.listTopics(this.db, query, viewer.userId, this.clock(), {
      bodyChars: EXCERPT_SOURCE_CHARS,
      publishedTotal: this.publishedCounts.get(key),
      withOwnUnpublished,
    });
    this.publishedCounts.set(key, publishedTotal);
    return { items: rows.map((r) => toSummary(r, viewer.userId)), total, page: query.page, pageSize: query.pageSize, preview: false };
  }

  /** The user's saved topics (those the user may still see), newest save first. */
  async listSaved(userId: string, page: number, pageSize: number): Promise<TopicListResponse> {
    const { ids, total } = await repo.savedTopicIds(this.db, userId, page, pageSize);
    return { items: await this.summaries(ids, userId), total, page, pageSize, preview: false };
  }

  private async summaries(ids: string[], viewerId: string | null): Promise<TopicSummary[]> {
    const byId = new Map((await repo.topicsByIds(this.db, ids, viewerId, EXCERPT_SOURCE_CHARS)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(row, viewerId)] : [];
    });
  }

  /**
   * One topic, counting a view unless the reader wrote it. Guests may read only the
   * preview's topics (401 otherwise); a post that is not published is its author's and
   * admins' only (404 for anyone else).
   */
  async getTopic(viewer: Viewer, id: string): Promise<TopicDetail> {
    if (viewer.userId === null) {
      const preview = await repo.previewTopicIds(this.db, FORUM.previewTopics);
      if (!preview.includes(id)) throw new AppError(ErrorCode.signInRequired, m.signInRequired, 401);
    }
    const { row, admin } = await this.visibleTopic(viewer.userId, id);
    if (row.author_id !== viewer.userId) {
      await repo.countView(this.db, id);
      row.views += 1;
    }
    return toDetail(row, viewer.userId, admin, this.clock());
  }

  /** The topic if the viewer may see it (published, own, or any for admins), else 404. */
  private async visibleTopic(viewerId: string | null, id: string): Promise<{ row: repo.TopicRow; admin: boolean }> {
    const row = await repo.findTopic(this.db, id, viewerId);
    if (!row) throw notFound(m.topicNotFound);
    if (row.status === 'published' || row.author_id === viewerId) return { row, admin: false };
    if (viewerId && (await isAdmin(this.db, viewerId))) return { row, admin: true };
    throw notFound(m.topicNotFound);
  }

  /** A topic for a signed-in user's action: published or the user's own (never someone else's held post). */
  private async topicForAction(userId: string, id: string): Promise<repo.TopicRow> {
    const row = await repo.findTopic(this.db, id, userId);
    if (!row || (row.status !== 'published' && row.author_id !== userId)) throw notFound(m.topicNotFound);
    return row;
  }

  private async replyForAction(userId: string, topicId: string, replyId: string): Promise<repo.ReplyRow> {
    await this.topicForAction(userId, topicId);
    const row = await repo.findReply(this.db, topicId, replyId, userId);
    if (!row || (row.status !== 'published' && row.author_id !== userId)) throw notFound(m.replyNotFound);
    return row;
  }

  async listReplies(userId: string, topicId: string, page: number, pageSize: number): Promise<ReplyListResponse> {
    const { admin } = await this.visibleTopic(userId, topicId);
    const { rows, total } = await repo.listReplies(this.db, topicId, userId, page, pageSize);
    const now = this.clock();
    return { items: rows.map((r) => toReply(r, userId, admin, now)), total, page, pageSize };
  }

  async stats(userId: string): Promise<ForumStats> {
    const s = await repo.statsOf(this.db, userId);
    return { name: s.name, posts: s.posts, replies: s.replies, likesReceived: s.likes_received, saved: s.saved };
  }

  async activeMembers(): Promise<ActiveMember[]> {
    const since = new Date(this.clock().getTime() - FORUM.activeMemberDays * 86_400_000);
    const found = await repo.activeMembers(this.db, since, FORUM.activeMembersMax);
    return found.map((r) => ({ ...author(r), posts: r.posts, joinedAt: r.joined_at.toISOString() }));
  }

  // ── Writing ───────────────────────────────────────────────────────────

  /** A new topic, published at once or held by the automated moderator; the decision is recorded. */
  async createTopic(userId: string, input: CreateTopicValues): Promise<TopicDetail> {
    const hash = textHash(input.body);
    const verdict = await this.moderator.check({ userId, title: input.title, body: input.body, tags: input.tags, textHash: hash }, this.clock());
    const status: PostStatus = verdict.hold ? 'held' : 'published';
    const id = await this.write(async (tx) => {
      const topicId = await repo.insertTopic(tx, {
        categoryId: input.categoryId,
        authorId: userId,
        title: input.title,
        body: input.body,
        tags: input.tags,
        textHash: hash,
        status,
        autoReasons: verdict.reasons,
        moderationReason: verdict.hold ? verdict.reasons.join('; ') : null,
        createdAt: this.clock(),
      });
      await repo.insertDecision(tx, {
        kind: 'topic',
        postId: topicId,
        topicId,
        topicTitle: input.title,
        action: status,
        reason: verdict.hold ? verdict.reasons.join('; ') : 'Passed the automated checks',
        moderatorId: null,
      });
      return topicId;
    });
    return this.detailFor(userId, id);
  }

  private async detailFor(userId: string, id: string, admin = false): Promise<TopicDetail> {
    const row = await repo.findTopic(this.db, id, userId);
    if (!row) throw notFound(m.topicNotFound);
    return toDetail(row, userId, admin, this.clock());
  }

  private assertEditable(row: { author_id: string; created_at: Date }, userId: string): void {
    if (row.author_id !== userId) throw new AppError(ErrorCode.notAuthor, m.notAuthor, 403);
    if (this.clock().getTime() > row.created_at.getTime() + EDIT_WINDOW_MS) {
      throw new AppError(ErrorCode.editWindowClosed, m.editWindowClosed, 403);
    }
  }

  /**
   * The status after an edit passed the moderator again: a failing edit is held; a passing
   * edit of an automatically held post publishes it; reports and rejections still stand.
   */
  private statusAfterEdit(current: PostStatus, hold: boolean): PostStatus {
    if (hold) return current === 'published' || current === 'held' ? 'held' : current;
    return current === 'held' ? 'published' : current;
  }

  /** The author's edit within 15 minutes of posting; moderated like a new post. */
  async updateTopic(userId: string, id: string, input: UpdateTopicValues): Promise<TopicDetail> {
    const row = await repo.findTopic(this.db, id, userId);
    if (!row || (row.status !== 'published' && row.author_id !== userId)) throw notFound(m.topicNotFound);
    this.assertEditable(row, userId);
    const next = { title: input.title ?? row.title, body: input.body ?? row.body, tags: input.tags ?? row.tags };
    const hash = textHash(next.body);
    const verdict = await this.moderator.check({ userId, ...next, textHash: hash, editingId: id }, this.clock());
    const status = this.statusAfterEdit(row.status, verdict.hold);
    await this.write(async (tx) => {
      await repo.updateTopic(tx, id, {
        title: input.title,
        body: input.body,
        tags: input.tags,
        categoryId: input.categoryId,
        textHash: hash,
        editedAt: this.clock(),
        ...(status !== row.status ? { status, autoReasons: verdict.reasons, moderationReason: status === 'held' ? verdict.reasons.join('; ') : null } : {}),
      });
      if (status !== row.status) {
        await repo.insertDecision(tx, {
          kind: 'topic',
          postId: id,
          topicId: id,
          topicTitle: next.title,
          action: status === 'held' ? 'held' : 'published',
          reason: status === 'held' ? `Edit held: ${verdict.reasons.join('; ')}` : 'Edit passed the automated checks',
          moderatorId: null,
        });
      }
    });
    return this.detailFor(userId, id);
  }

  /** A reply to a published, unlocked topic (admins may reply to locked ones), moderated before it is public. */
  async createReply(userId: string, topicId: string, body: string): Promise<Reply> {
    const topic = await this.topicForAction(userId, topicId);
    if (topic.status !== 'published') throw notFound(m.topicNotFound);
    const admin = topic.locked ? await isAdmin(this.db, userId) : false;
    if (topic.locked && !admin) throw new AppError(ErrorCode.topicLocked, m.topicLocked, 409);
    const hash = textHash(body);
    const verdict = await this.moderator.check({ userId, body, textHash: hash }, this.clock());
    const status: PostStatus = verdict.hold ? 'held' : 'published';
    const replyId = await this.write(async (tx) => {
      // Under the topic's row lock, so that concurrent replies count each other.
      const locked = await repo.lockTopic(tx, topicId);
      if (!locked || locked.status !== 'published') throw notFound(m.topicNotFound);
      const id = await repo.insertReply(tx, {
        topicId,
        authorId: userId,
        body,
        textHash: hash,
        status,
        autoReasons: verdict.reasons,
        moderationReason: verdict.hold ? verdict.reasons.join('; ') : null,
        createdAt: this.clock(),
      });
      if (status === 'published') await repo.refreshTopicActivity(tx, topicId);
      await repo.insertDecision(tx, {
        kind: 'reply',
        postId: id,
        topicId,
        topicTitle: locked.title,
        action: status,
        reason: verdict.hold ? verdict.reasons.join('; ') : 'Passed the automated checks',
        moderatorId: null,
      });
      return id;
    });
    return this.replyFor(userId, topicId, replyId);
  }

  private async replyFor(userId: string, topicId: string, replyId: string): Promise<Reply> {
    const row = await repo.findReply(this.db, topicId, replyId, userId);
    if (!row) throw notFound(m.replyNotFound);
    return toReply(row, userId, false, this.clock());
  }

  async updateReply(userId: string, topicId: string, replyId: string, body: string): Promise<Reply> {
    const row = await this.replyForAction(userId, topicId, replyId);
    this.assertEditable(row, userId);
    const hash = textHash(body);
    const verdict = await this.moderator.check({ userId, body, textHash: hash, editingId: replyId }, this.clock());
    const status = this.statusAfterEdit(row.status, verdict.hold);
    await this.write(async (tx) => {
      const topic = await repo.lockTopic(tx, topicId);
      if (!topic) throw notFound(m.topicNotFound);
      await repo.updateReply(tx, replyId, {
        body,
        textHash: hash,
        editedAt: this.clock(),
        ...(status !== row.status ? { status, autoReasons: verdict.reasons, moderationReason: status === 'held' ? verdict.reasons.join('; ') : null } : {}),
      });
      if (status !== row.status) {
        await repo.refreshTopicActivity(tx, topicId);
        await repo.insertDecision(tx, {
          kind: 'reply',
          postId: replyId,
          topicId,
          topicTitle: topic.title,
          action: status === 'held' ? 'held' : 'published',
          reason: status === 'held' ? `Edit held: ${verdict.reasons.join('; ')}` : 'Edit passed the automated checks',
          moderatorId: null,
        });
      }
    });
    return this.replyFor(userId, topicId, replyId);
  }

  // ── Likes, saves, reports ─────────────────────────────────────────────

  async likeTopic(userId: string, topicId: string, liked: boolean): Promise<LikeResponse> {
    await this.topicForAction(userId, topicId);
    return this.write((tx) => repo.setLike(tx, 'topic', topicId, userId, liked));
  }

  async likeReply(userId: string, topicId: string, replyId: string, liked: boolean): Promise<LikeResponse> {
    await this.replyForAction(userId, topicId, replyId);
    return this.write((tx) => repo.setLike(tx, 'reply', replyId, userId, liked));
  }

  async saveTopic(userId: string, topicId: string, saved: boolean): Promise<{ savedByMe: boolean }> {
    await this.topicForAction(userId, topicId);
    await repo.setSaved(this.db, topicId, userId, saved);
    return { savedByMe: saved };
  }

  /** A report; the third open report hides a published post until an admin reviews it. */
  async flag(userId: string, kind: PostKind, topicId: string, replyId: string | null, reason: string): Promise<FlagResponse> {
    const post = kind === 'topic' ? await this.topicForAction(userId, topicId) : await this.replyForAction(userId, topicId, replyId as string);
    if (post.author_id === userId) throw new AppError(ErrorCode.ownPost, m.ownPost, 400);
    return this.write(async (tx) => {
      const topic = await repo.lockTopic(tx, topicId);
      if (!topic) throw notFound(m.topicNotFound);
      const { inserted, openFlags } = await repo.insertFlag(tx, { kind, topicId, replyId }, userId, reason);
      if (!inserted) throw new AppError(ErrorCode.alreadyFlagged, m.alreadyFlagged, 409);
      const postId = kind === 'topic' ? topicId : (replyId as string);
      if (openFlags < FORUM.flagsToHide || post.status !== 'published') return { flagged: true as const, hidden: false };
      if (kind === 'topic') await repo.updateTopic(tx, postId, { status: 'hidden', moderationReason: HIDDEN_BY_FLAGS });
      else {
        await repo.updateReply(tx, postId, { status: 'hidden', moderationReason: HIDDEN_BY_FLAGS });
        await repo.refreshTopicActivity(tx, topicId);
      }
      await repo.insertDecision(tx, { kind, postId, topicId, topicTitle: topic.title, action: 'hidden', reason: HIDDEN_BY_FLAGS, moderatorId: null });
      return { flagged: true as const, hidden: true };
    });
  }

  // ── Admin actions ─────────────────────────────────────────────────────

  private async adminTopic(adminId: string, id: string): Promise<repo.TopicRow> {
    const row = await repo.findTopic(this.db, id, adminId);
    if (!row) throw notFound(m.topicNotFound);
    return row;
  }

  private async adminChange(adminId: string, id: string, change: repo.TopicChanges, action: ModerationAction, reason: string | null): Promise<TopicDetail> {
    const row = await this.adminTopic(adminId, id);
    await this.write(async (tx) => {
      await repo.updateTopic(tx, id, change);
      await repo.insertDecision(tx, { kind: 'topic', postId: id, topicId: id, topicTitle: row.title, action, reason, moderatorId: adminId });
    });
    return this.detailFor(adminId, id, true);
  }

  setPinned(adminId: string, id: string, pinned: boolean): Promise<TopicDetail> {
    return this.adminChange(adminId, id, { pinned }, pinned ? 'pinned' : 'unpinned', null);
  }

  setLocked(adminId: string, id: string, locked: boolean): Promise<TopicDetail> {
    return this.adminChange(adminId, id, { locked }, locked ? 'locked' : 'unlocked', null);
  }

  async moveTopic(adminId: string, id: string, categoryId: ForumCategoryId): Promise<TopicDetail> {
    const row = await this.adminTopic(adminId, id);
    return this.adminChange(adminId, id, { categoryId }, 'moved', `Moved from ${row.category_id} to ${categoryId}`);
  }

  /** Deletes a topic with its replies, likes, reports and saves; the decision record stays. */
  async deleteTopic(adminId: string, id: string): Promise<void> {
    const row = await this.adminTopic(adminId, id);
    await this.write(async (tx) => {
      await repo.insertDecision(tx, { kind: 'topic', postId: id, topicId: id, topicTitle: row.title, action: 'deleted', reason: null, moderatorId: adminId });
      await repo.deleteTopic(tx, id);
    });
  }

  async deleteReply(adminId: string, topicId: string, replyId: string): Promise<void> {
    const reply = await repo.findReply(this.db, topicId, replyId, adminId);
    if (!reply) throw notFound(m.replyNotFound);
    await this.write(async (tx) => {
      const topic = await repo.lockTopic(tx, topicId);
      if (!topic) throw notFound(m.topicNotFound);
      await repo.insertDecision(tx, {
        kind: 'reply',
        postId: replyId,
        topicId,
        topicTitle: topic.title,
        action: 'deleted',
        reason: null,
        moderatorId: adminId,
      });
      await repo.deleteReply(tx, replyId);
      await repo.refreshTopicActivity(tx, topicId);
    });
  }

  // ── Moderation queue ──────────────────────────────────────────────────

  async reviewQueue(page: number, pageSize: number): Promise<ModerationQueueResponse> {
    const { rows, total } = await repo.listReviewQueue(this.db, page, pageSize);
    const flags = await repo.openFlagsOf(
      this.db,
      rows.filter((r) => r.kind === 'topic').map((r) => r.id),
      rows.filter((r) => r.kind === 'reply').map((r) => r.id),
    );
    const flagsOf = (r: repo.QueueRow) =>
      flags
        .filter((f) => (r.kind === 'topic' ? f.reply_id === null && f.topic_id === r.id : f.reply_id === r.id))
        .map((f) => ({ reason: f.reason, by: author(f), createdAt: f.created_at.toISOString() }));
    return {
      items: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        topicId: r.topic_id,
        topicTitle: r.topic_title,
        title: r.title,
        body: r.body,
        tags: r.tags,
        category: { id: r.category_id, name: r.category_name },
        author: author(r),
        status: r.status,
        autoReasons: r.auto_reasons,
        flags: flagsOf(r),
        createdAt: r.created_at.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  /** Approve (publish, close its reports) or reject (with a reason its author sees) a post waiting for review. */
  async decide(adminId: string, kind: PostKind, id: string, decision: 'approved' | 'rejected', reason: string | null): Promise<DecisionResponse> {
    const post = await this.postForReview(kind, id, adminId);
    if (!post) throw notFound(kind === 'topic' ? m.topicNotFound : m.replyNotFound);
    const waiting = post.status === 'held' || post.status === 'hidden' || (post.status === 'published' && post.open_flags > 0);
    if (!waiting) throw new AppError(ErrorCode.nothingToReview, m.nothingToReview, 409);
    const status: PostStatus = decision === 'approved' ? 'published' : 'rejected';
    const now = this.clock();
    const decisionId = await this.write(async (tx) => {
      const topic = await repo.lockTopic(tx, post.topicId);
      if (!topic) throw notFound(m.topicNotFound);
      const change = { status, openFlags: 0, moderationReason: decision === 'rejected' ? reason : null };
      if (kind === 'topic') await repo.updateTopic(tx, id, change);
      else {
        await repo.updateReply(tx, id, change);
        await repo.refreshTopicActivity(tx, post.topicId);
      }
      await repo.resolveFlags(tx, kind, id, now);
      return repo.insertDecision(tx, { kind, postId: id, topicId: post.topicId, topicTitle: topic.title, action: decision, reason, moderatorId: adminId });
    });
    const recorded = await repo.findDecision(this.db, decisionId);
    if (!recorded) throw new Error('decision missing after insert');
    return { status, decision: toDecision(recorded) };
  }

  private async postForReview(kind: PostKind, id: string, adminId: string): Promise<{ topicId: string; status: PostStatus; open_flags: number } | undefined> {
    if (kind === 'topic') {
      const row = await repo.findTopic(this.db, id, adminId);
      return row && { topicId: row.id, status: row.status, open_flags: row.open_flags };
    }
    const row = await repo.findReplyById(this.db, id);
    return row && { topicId: row.topic_id, status: row.status, open_flags: row.open_flags };
  }

  async decisions(query: DecisionListQuery): Promise<DecisionListResponse> {
    const { rows, total } = await repo.listDecisions(this.db, query.page, query.pageSize, query.postId);
    return { items: rows.map(toDecision), total, page: query.page, pageSize: query.pageSize };
  }
}
