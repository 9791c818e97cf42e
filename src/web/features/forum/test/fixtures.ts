import {
  FORUM_CATEGORIES,
  type ActiveMember,
  type ForumCategoriesResponse,
  type ForumStats,
  type ModerationItem,
  type Reply,
  type ReplyListResponse,
  type TopicDetail,
  type TopicListResponse,
  type TopicSummary,
} from '../../../../shared/schemas/forum';

/** The signed-in test user's id (see fakeSession). */
export const ME = '00000000-0000-4000-8000-000000000001';
const ADA = { id: ME, name: 'ada.lovelace', role: 'Track Engineer' };
const GRACE = { id: '00000000-0000-4000-8000-000000000002', name: 'Grace Hopper', role: 'Signalling Lead' };

/** A topic as the list returns it. */
export function topicFixture(values: Partial<TopicSummary> = {}): TopicSummary {
  return {
    id: 't-1',
    title: 'Rail wear limits on tight curves',
    excerpt: 'What side wear limits do you use on curves under 300 m radius?',
    category: { id: 'track-engineering', name: 'Track Engineering' },
    tags: ['rail wear', 'curves'],
    author: GRACE,
    pinned: false,
    locked: false,
    views: 42,
    likes: 3,
    replies: 2,
    likedByMe: false,
    savedByMe: false,
    isMine: false,
    status: 'published',
    createdAt: '2026-01-01T10:00:00.000Z',
    lastActivityAt: '2026-01-02T10:00:00.000Z',
    ...values,
  };
}

/** A whole topic as `GET /topics/:id` returns it. */
export function topicDetailFixture(values: Partial<TopicDetail> = {}): TopicDetail {
  return {
    ...topicFixture(),
    body: '## Side wear\n\nWe use **8 mm** at the gauge face.',
    editedAt: null,
    editableUntil: null,
    moderationReason: null,
    ...values,
  };
}

export function replyFixture(values: Partial<Reply> = {}): Reply {
  return {
    id: 'r-1',
    topicId: 't-1',
    body: 'We lubricate the **high rail** as well.',
    author: ADA,
    likes: 1,
    likedByMe: false,
    isMine: false,
    status: 'published',
    createdAt: '2026-01-02T10:00:00.000Z',
    editedAt: null,
    editableUntil: null,
    moderationReason: null,
    ...values,
  };
}

export function pageOf<T>(items: T[], values: { total?: number; page?: number; pageSize?: number } = {}) {
  return { items, total: values.total ?? items.length, page: values.page ?? 1, pageSize: values.pageSize ?? 20 };
}

export function topicList(items: TopicSummary[], values: { total?: number; preview?: boolean; page?: number } = {}): TopicListResponse {
  return { ...pageOf(items, values), preview: values.preview ?? false };
}

export function replyList(items: Reply[]): ReplyListResponse {
  return pageOf(items, { pageSize: 50 });
}

export const categoriesFixture: ForumCategoriesResponse = {
  categories: FORUM_CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, description: c.description, topicCount: i === 0 ? 4 : i === 1 ? 2 : 0 })),
  totalTopics: 6,
};

export const statsFixture: ForumStats = { name: 'ada.lovelace', posts: 7, replies: 12, likesReceived: 31, saved: 1 };

export const membersFixture: ActiveMember[] = [{ ...GRACE, posts: 9, joinedAt: '2025-06-01T00:00:00.000Z' }];

export function moderationItemFixture(values: Partial<ModerationItem> = {}): ModerationItem {
  return {
    kind: 'topic',
    id: 't-9',
    topicId: 't-9',
    topicTitle: 'This damn ballast',
    title: 'This damn ballast',
    body: 'The damn ballast keeps fouling.',
    tags: ['ballast'],
    category: { id: 'track-engineering', name: 'Track Engineering' },
    author: ADA,
    status: 'held',
    autoReasons: ['Profanity: damn'],
    flags: [],
    createdAt: '2026-01-03T10:00:00.000Z',
    ...values,
  };
}
