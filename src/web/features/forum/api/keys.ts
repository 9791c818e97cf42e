import type { TopicListQueryInput } from '../../../../shared/schemas/forum';

/**
 * Query keys of the forum. The viewer (user id, or null for a guest) is part of every key
 * that the server answers differently per caller (previews, likedByMe, own held posts).
 */
export const forumKeys = {
  all: ['forum'] as const,
  categories: () => ['forum', 'categories'] as const,
  topicLists: () => ['forum', 'topics'] as const,
  topics: (viewer: string | null, query: TopicListQueryInput) => ['forum', 'topics', viewer, query] as const,
  topicDetails: () => ['forum', 'topic'] as const,
  topic: (viewer: string | null, id: string) => ['forum', 'topic', viewer, id] as const,
  replyLists: () => ['forum', 'replies'] as const,
  replies: (viewer: string | null, topicId: string, page: number) => ['forum', 'replies', viewer, topicId, page] as const,
  saved: (viewer: string | null, page: number) => ['forum', 'saved', viewer, page] as const,
  stats: (viewer: string | null) => ['forum', 'stats', viewer] as const,
  activeMembers: () => ['forum', 'members', 'active'] as const,
  moderationQueue: (page: number) => ['forum', 'moderation', 'queue', page] as const,
  moderationDecisions: (page: number) => ['forum', 'moderation', 'decisions', page] as const,
};
