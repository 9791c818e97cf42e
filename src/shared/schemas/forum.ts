import { z } from 'zod';
import { messages } from '../messages';

/**
 * The community forum's API contract (`/api/forum`, see docs/forum-api.md): every request
 * and response shape, the limits behind them and the rules' constants. Server and web app
 * both use these; nothing else describes the forum's wire format.
 */

const m = messages.forum;

/** SPEC §3 Forum categories, in the spec's order; `id` is a stable slug. */
export const FORUM_CATEGORIES = [
  { id: 'track-engineering', name: 'Track Engineering', description: 'Track geometry, rail, sleepers, ballast, switches and crossings.' },
  { id: 'signalling', name: 'Signalling', description: 'Interlockings, train detection, ETCS and CBTC, signal sighting.' },
  { id: 'civil-structures', name: 'Civil Structures', description: 'Bridges, culverts, retaining walls, tunnels and stations.' },
  { id: 'electrical-systems', name: 'Electrical Systems', description: 'OHLE, third rail, traction power, earthing and bonding.' },
  { id: 'geotechnical', name: 'Geotechnical', description: 'Earthworks, formation, drainage and slope stability.' },
  { id: 'industry-insights', name: 'Industry Insights', description: 'Possession planning, standards, careers and the business of rail.' },
] as const;
export type ForumCategoryId = (typeof FORUM_CATEGORIES)[number]['id'];
export const FORUM_CATEGORY_IDS = FORUM_CATEGORIES.map((c) => c.id) as [ForumCategoryId, ...ForumCategoryId[]];

/** Rules and limits of the forum (SPEC §9 forum preview plus Trackside's own). */
export const FORUM = {
  /** SPEC §9: guests see this many topics, and no other topic's body. */
  previewTopics: 2,
  /** Authors may edit a topic or reply this long after posting it. */
  editWindowMinutes: 15,
  /** This many open reports hide a post until an admin reviews it. */
  flagsToHide: 3,
  /** Per user, topics and replies together: at most `postsPerWindow` in `postWindowSeconds` (429 beyond). */
  postsPerWindow: 5,
  postWindowSeconds: 60,
  titleMin: 5,
  titleMax: 150,
  bodyMin: 20,
  bodyMax: 20_000,
  replyMin: 2,
  replyMax: 10_000,
  tagsMax: 5,
  tagMin: 2,
  tagMax: 30,
  reasonMin: 3,
  reasonMax: 500,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  searchMax: 200,
  /** Tab Popular: topics with at least this many likes and replies together. */
  popularMinEngagement: 5,
  /** Tab Latest: topics posted in the last this many days. */
  latestDays: 7,
  /** Active members: most published posts (topics + replies) in the last this many days. */
  activeMemberDays: 30,
  activeMembersMax: 5,
  excerptMax: 200,
} as const;

export const FORUM_TABS = ['all', 'popular', 'latest', 'unanswered'] as const;
export type ForumTab = (typeof FORUM_TABS)[number];
export const FORUM_SORTS = ['recent', 'popular', 'active'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

/**
 * Where a post stands. `published`: everyone signed in sees it. `held`: the automated
 * moderator held it; only its author ("Awaiting review") and admins see it. `hidden`:
 * three reports hid it until an admin reviews it; only its author and admins see it.
 * `rejected`: an admin rejected it (with `moderationReason`); only its author and admins see it.
 */
export const POST_STATUSES = ['published', 'held', 'hidden', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

// ---------------------------------------------------------------------------------------
// Building blocks

const pageField = z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(10_000, m.pageInvalid).default(1);
const pageSizeField = z.coerce
  .number({ error: m.pageSizeInvalid })
  .int(m.pageSizeInvalid)
  .min(1, m.pageSizeInvalid)
  .max(FORUM.pageSizeMax, m.pageSizeInvalid)
  .default(FORUM.pageSizeDefault);

/** `?page=&pageSize=` of every paginated list (1-based pages). */
export const pageQuerySchema = z.object({ page: pageField, pageSize: pageSizeField });
export type PageQuery = z.output<typeof pageQuerySchema>;

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.searchTooLong)
    .optional()
    .transform((s) => (s ? s : undefined));

export const categoryIdInput = z.enum(FORUM_CATEGORY_IDS, { error: m.unknownCategory });

const titleField = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).min(FORUM.titleMin, m.titleTooShort).max(FORUM.titleMax, m.titleTooLong);

const bodyField = z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).min(FORUM.bodyMin, m.bodyTooShort).max(FORUM.bodyMax, m.bodyTooLong);

const replyBodyField = z
  .string({ error: m.replyRequired })
  .trim()
  .min(1, m.replyRequired)
  .min(FORUM.replyMin, m.replyTooShort)
  .max(FORUM.replyMax, m.replyTooLong);

/** A tag: trimmed, lower case, inner spaces collapsed; letters, digits, spaces and - & + . / only. */
const tagField = z
  .string({ error: m.tagInvalid })
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(FORUM.tagMin, m.tagTooShort)
      .max(FORUM.tagMax, m.tagTooLong)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} &+./-]*$/u, m.tagInvalid),
  );

/** Up to five distinct tags (duplicates after normalising are dropped). */
const tagsField = z
  .array(tagField, { error: m.tagsInvalid })
  .max(FORUM.tagsMax, m.tooManyTags)
  .transform((tags) => [...new Set(tags)]);

const reasonField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).min(FORUM.reasonMin, m.reasonTooShort).max(FORUM.reasonMax, m.reasonTooLong);

const isoDate = z.string().describe('ISO 8601 date-time');

// ---------------------------------------------------------------------------------------
// Categories

/** A category with its live count of published topics. */
export const forumCategorySchema = z.object({
  id: z.enum(FORUM_CATEGORY_IDS),
  name: z.string(),
  description: z.string(),
  topicCount: z.number().int(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;

/** `GET /api/forum/categories`: the six categories in the spec's order, plus all published topics. */
export const forumCategoriesResponseSchema = z.object({
  categories: z.array(forumCategorySchema),
  totalTopics: z.number().int(),
});
export type ForumCategoriesResponse = z.infer<typeof forumCategoriesResponseSchema>;

// ---------------------------------------------------------------------------------------
// Topics

/** Who wrote a post: display name is the profile's full name, else the part of the e-mail before '@'. */
export const forumAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The profile's job title, when given (SPEC §3 authorRole). */
  role: z.string().nullable(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const forumCategoryRefSchema = z.object({ id: z.enum(FORUM_CATEGORY_IDS), name: z.string() });

/** One row of the topic list. Bodies are markdown and are never sent as HTML. */
export const topicSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The start of the body as plain text (markdown punctuation removed), at most 200 characters. */
  excerpt: z.string(),
  category: forumCategoryRefSchema,
  tags: z.array(z.string()),
  author: forumAuthorSchema,
  pinned: z.boolean(),
  locked: z.boolean(),
  views: z.number().int(),
  likes: z.number().int(),
  /** Published replies. */
  replies: z.number().int(),
  likedByMe: z.boolean(),
  savedByMe: z.boolean(),
  isMine: z.boolean(),
  status: z.enum(POST_STATUSES),
  createdAt: isoDate,
  /** The topic's or its newest published reply's time. */
  lastActivityAt: isoDate,
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;

/** `GET /api/forum/topics/:id`: the whole topic. */
export const topicDetailSchema = topicSummarySchema.extend({
  /** Markdown, exactly as written; render it without raw HTML. */
  body: z.string(),
  editedAt: isoDate.nullable(),
  /** Until when the caller may edit it (its author, 15 minutes after posting); null otherwise. */
  editableUntil: isoDate.nullable(),
  /** Why it was held, hidden or rejected: for its author and admins only, else null. */
  moderationReason: z.string().nullable(),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

/**
 * `GET /api/forum/topics`. Guests: the query is ignored and the answer is the preview
 * (the first 2 topics of the default order, `preview: true`). Signed in: published topics
 * plus the caller's own held/hidden/rejected ones, pinned first, then by `sort`.
 */
export const topicListQuerySchema = z.object({
  /** Category id (slug). */
  category: z.enum(FORUM_CATEGORY_IDS, { error: m.unknownCategory }).optional(),
  /** Case-insensitive search over title, body and tags (words, prefix-matched). */
  q: optionalFilter(FORUM.searchMax),
  /** Exactly this tag (case-insensitive). */
  tag: optionalFilter(FORUM.tagMax),
  /** all · popular (likes + replies ≥ 5) · latest (posted in the last 7 days) · unanswered (no replies). */
  tab: z.enum(FORUM_TABS, { error: m.tabInvalid }).default('all'),
  /** recent (date posted) · popular (views) · active (last activity); always newest first. */
  sort: z.enum(FORUM_SORTS, { error: m.sortInvalid }).default('recent'),
  page: pageField,
  pageSize: pageSizeField,
});
export type TopicListQuery = z.output<typeof topicListQuerySchema>;
export type TopicListQueryInput = z.input<typeof topicListQuerySchema>;

/** A page of a list. `total` counts every match (for guests: every published topic). */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const topicListResponseSchema = pageOf(topicSummarySchema).extend({
  /** True for guests: this is the 2-topic preview; sign in for the rest. */
  preview: z.boolean(),
});
export type TopicListResponse = z.infer<typeof topicListResponseSchema>;

/** `POST /api/forum/topics`. */
export const createTopicSchema = z.object({
  title: titleField,
  body: bodyField,
  categoryId: z.enum(FORUM_CATEGORY_IDS, { error: m.categoryRequired }),
  tags: tagsField.default([]),
});
export type CreateTopicInput = z.input<typeof createTopicSchema>;
export type CreateTopicValues = z.output<typeof createTopicSchema>;

/** `PATCH /api/forum/topics/:id` (author, within 15 minutes): any of the fields; the edit is moderated again. */
export const updateTopicSchema = z
  .object({
    title: titleField.optional(),
    body: bodyField.optional(),
    categoryId: z.enum(FORUM_CATEGORY_IDS, { error: m.unknownCategory }).optional(),
    tags: tagsField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), m.nothingToUpdate);
export type UpdateTopicInput = z.input<typeof updateTopicSchema>;
export type UpdateTopicValues = z.output<typeof updateTopicSchema>;

// ---------------------------------------------------------------------------------------
// Replies

export const replySchema = z.object({
  id: z.string(),
  topicId: z.string(),
  /** Markdown, exactly as written; render it without raw HTML. */
  body: z.string(),
  author: forumAuthorSchema,
  likes: z.number().int(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  status: z.enum(POST_STATUSES),
  createdAt: isoDate,
  editedAt: isoDate.nullable(),
  editableUntil: isoDate.nullable(),
  moderationReason: z.string().nullable(),
});
export type Reply = z.infer<typeof replySchema>;

/** `GET /api/forum/topics/:id/replies`: oldest first; published replies plus the caller's own. */
export const replyListResponseSchema = pageOf(replySchema);
export type ReplyListResponse = z.infer<typeof replyListResponseSchema>;

/** `POST /api/forum/topics/:id/replies`. */
export const createReplySchema = z.object({ body: replyBodyField });
export type CreateReplyInput = z.input<typeof createReplySchema>;

/** `PATCH /api/forum/topics/:id/replies/:replyId` (author, within 15 minutes). */
export const updateReplySchema = createReplySchema;
export type UpdateReplyInput = z.input<typeof updateReplySchema>;

// ---------------------------------------------------------------------------------------
// Likes, reports, saved topics

/** Answer of like/unlike (`POST`/`DELETE …/like`): one like per user per post, both idempotent. */
export const likeResponseSchema = z.object({ likes: z.number().int(), likedByMe: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** `POST …/flag`: report a post. */
export const flagInputSchema = z.object({ reason: reasonField(m.flagReasonRequired) });
export type FlagInput = z.input<typeof flagInputSchema>;

/** Answer of a report; `hidden` is true when this report was the third and the post is now hidden. */
export const flagResponseSchema = z.object({ flagged: z.literal(true), hidden: z.boolean() });
export type FlagResponse = z.infer<typeof flagResponseSchema>;

/** Answer of save/unsave (`PUT`/`DELETE /api/forum/topics/:id/save`). */
export const saveResponseSchema = z.object({ savedByMe: z.boolean() });
export type SaveResponse = z.infer<typeof saveResponseSchema>;

// ---------------------------------------------------------------------------------------
// Admin actions on topics

export const pinInputSchema = z.object({ pinned: z.boolean({ error: m.booleanRequired }) });
export type PinInput = z.input<typeof pinInputSchema>;
export const lockInputSchema = z.object({ locked: z.boolean({ error: m.booleanRequired }) });
export type LockInput = z.input<typeof lockInputSchema>;
export const moveInputSchema = z.object({ categoryId: z.enum(FORUM_CATEGORY_IDS, { error: m.categoryRequired }) });
export type MoveInput = z.input<typeof moveInputSchema>;

// ---------------------------------------------------------------------------------------
// People

/** `GET /api/forum/me/stats`: the signed-in user's profile card. */
export const forumStatsSchema = z.object({
  /** The user's name as their posts show it (shared/display-name.ts). */
  name: z.string(),
  /** Topics started (published). */
  posts: z.number().int(),
  /** Replies written (published). */
  replies: z.number().int(),
  /** Likes on the user's topics and replies. */
  likesReceived: z.number().int(),
  /** Topics the user saved. */
  saved: z.number().int(),
});
export type ForumStats = z.infer<typeof forumStatsSchema>;

/** `GET /api/forum/members/active`: most published topics + replies in the last 30 days, at most 5. */
export const activeMemberSchema = forumAuthorSchema.extend({
  posts: z.number().int(),
  joinedAt: isoDate,
});
export type ActiveMember = z.infer<typeof activeMemberSchema>;
export const activeMembersResponseSchema = z.array(activeMemberSchema);

// ---------------------------------------------------------------------------------------
// Moderation (admins)

export const POST_KINDS = ['topic', 'reply'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const forumFlagSchema = z.object({
  reason: z.string(),
  by: forumAuthorSchema,
  createdAt: isoDate,
});

/** A post waiting for a decision: held by the moderator, hidden by reports, or reported. */
export const moderationItemSchema = z.object({
  kind: z.enum(POST_KINDS),
  id: z.string(),
  topicId: z.string(),
  topicTitle: z.string(),
  /** The topic's title for a topic; null for a reply. */
  title: z.string().nullable(),
  body: z.string(),
  tags: z.array(z.string()),
  category: forumCategoryRefSchema,
  author: forumAuthorSchema,
  status: z.enum(POST_STATUSES),
  /** Why the automated moderator held it (e.g. 'Profanity: …', 'Link from a new account'). */
  autoReasons: z.array(z.string()),
  /** Open (unreviewed) reports, oldest first. */
  flags: z.array(forumFlagSchema),
  createdAt: isoDate,
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** `GET /api/forum/moderation/queue`: held and hidden posts, then reported ones; oldest first. */
export const moderationQueueResponseSchema = pageOf(moderationItemSchema);
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponseSchema>;

/** `POST /api/forum/moderation/:kind/:id/approve`: publish it and close its reports. */
export const approveInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(FORUM.reasonMax, m.reasonTooLong)
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type ApproveInput = z.input<typeof approveInputSchema>;

/** `POST /api/forum/moderation/:kind/:id/reject`: reject it with a reason its author sees. */
export const rejectInputSchema = z.object({ reason: reasonField(m.rejectReasonRequired) });
export type RejectInput = z.input<typeof rejectInputSchema>;

export const MODERATION_ACTIONS = [
  'published',
  'held',
  'hidden',
  'approved',
  'rejected',
  'pinned',
  'unpinned',
  'locked',
  'unlocked',
  'moved',
  'deleted',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** One recorded decision: who (null = the automated moderator), when, why. */
export const moderationDecisionSchema = z.object({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  postId: z.string(),
  topicId: z.string(),
  /** The topic's title when the decision was taken (kept after a delete). */
  topicTitle: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  moderator: forumAuthorSchema.nullable(),
  createdAt: isoDate,
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** `GET /api/forum/moderation/decisions`: newest first; `?postId=` narrows to one post. */
export const decisionListQuerySchema = pageQuerySchema.extend({ postId: z.uuid(m.postIdInvalid).optional() });
export type DecisionListQuery = z.output<typeof decisionListQuerySchema>;
export const decisionListResponseSchema = pageOf(moderationDecisionSchema);
export type DecisionListResponse = z.infer<typeof decisionListResponseSchema>;

/** Answer of approve/reject: the post's new status. */
export const decisionResponseSchema = z.object({ status: z.enum(POST_STATUSES), decision: moderationDecisionSchema });
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;
