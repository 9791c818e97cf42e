import type { PostKind } from '../../../../shared/schemas/forum';

const enc = encodeURIComponent;

/** Every `/api/forum` path the web app calls (docs/forum-api.md), in one place. */
export const forumEndpoints = {
  categories: '/forum/categories',
  topics: '/forum/topics',
  topic: (id: string) => `/forum/topics/${enc(id)}`,
  replies: (topicId: string) => `/forum/topics/${enc(topicId)}/replies`,
  reply: (topicId: string, replyId: string) => `/forum/topics/${enc(topicId)}/replies/${enc(replyId)}`,
  /** A topic or one of its replies: the base of like, flag and the admin actions. */
  post: (target: PostTarget) => (target.kind === 'topic' ? forumEndpoints.topic(target.topicId) : forumEndpoints.reply(target.topicId, target.id)),
  like: (target: PostTarget) => `${forumEndpoints.post(target)}/like`,
  flag: (target: PostTarget) => `${forumEndpoints.post(target)}/flag`,
  save: (topicId: string) => `/forum/topics/${enc(topicId)}/save`,
  pin: (topicId: string) => `/forum/topics/${enc(topicId)}/pin`,
  lock: (topicId: string) => `/forum/topics/${enc(topicId)}/lock`,
  move: (topicId: string) => `/forum/topics/${enc(topicId)}/category`,
  saved: '/forum/saved',
  stats: '/forum/me/stats',
  activeMembers: '/forum/members/active',
  moderationQueue: '/forum/moderation/queue',
  moderationDecisions: '/forum/moderation/decisions',
  approve: (kind: PostKind, id: string) => `/forum/moderation/${kind}/${enc(id)}/approve`,
  reject: (kind: PostKind, id: string) => `/forum/moderation/${kind}/${enc(id)}/reject`,
} as const;

/** A topic (`id` = topic id) or a reply (`id` = reply id) of topic `topicId`. */
export interface PostTarget {
  kind: PostKind;
  id: string;
  topicId: string;
}
