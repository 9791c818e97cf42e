import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Reply, ReplyListResponse, TopicDetail, TopicListResponse, TopicSummary } from '../../../../shared/schemas/forum';
import type { PostTarget } from './endpoints';
import { forumKeys } from './keys';

/** A snapshot of the cache entries a change touched, to put back if the server says no. */
export type CacheSnapshot = [QueryKey, unknown][];

/**
 * Applies `patch` to the post wherever it is cached (topic page, topic lists, saved list,
 * reply lists) and returns what was there before.
 */
export function patchCachedPost(
  client: QueryClient,
  target: PostTarget,
  patch: (post: Partial<TopicSummary & Reply>) => Partial<TopicSummary & Reply>,
): CacheSnapshot {
  const snapshot: CacheSnapshot = [];
  const remember = (key: QueryKey, data: unknown) => snapshot.push([key, data]);

  if (target.kind === 'topic') {
    for (const [key, data] of client.getQueriesData<TopicDetail>({ queryKey: forumKeys.topicDetails() })) {
      if (!data || data.id !== target.id) continue;
      remember(key, data);
      client.setQueryData<TopicDetail>(key, { ...data, ...patch(data) } as TopicDetail);
    }
    for (const prefix of [forumKeys.topicLists(), ['forum', 'saved']]) {
      for (const [key, data] of client.getQueriesData<TopicListResponse>({ queryKey: prefix })) {
        if (!data?.items.some((item) => item.id === target.id)) continue;
        remember(key, data);
        client.setQueryData<TopicListResponse>(key, {
          ...data,
          items: data.items.map((item) => (item.id === target.id ? ({ ...item, ...patch(item) } as TopicSummary) : item)),
        });
      }
    }
  } else {
    for (const [key, data] of client.getQueriesData<ReplyListResponse>({ queryKey: forumKeys.replyLists() })) {
      if (!data?.items.some((item) => item.id === target.id)) continue;
      remember(key, data);
      client.setQueryData<ReplyListResponse>(key, {
        ...data,
        items: data.items.map((item) => (item.id === target.id ? ({ ...item, ...patch(item) } as Reply) : item)),
      });
    }
  }
  return snapshot;
}

/** Puts back what `patchCachedPost` changed. */
export function restoreSnapshot(client: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}
