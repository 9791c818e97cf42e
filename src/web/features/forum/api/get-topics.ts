import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TopicListQueryInput, TopicListResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** The query without empty or default values, so equal lists share one cache entry. */
export function cleanTopicQuery(query: TopicListQueryInput): TopicListQueryInput {
  const clean: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text === '') continue;
    if ((key === 'tab' && text === 'all') || (key === 'sort' && text === 'recent') || (key === 'page' && text === '1')) continue;
    clean[key] = typeof value === 'number' ? value : text;
  }
  return clean as TopicListQueryInput;
}

/**
 * `GET /api/forum/topics`: a page of topics; guests get the 2-topic preview whatever they ask.
 * Answered through the shared schema (topicListResponseSchema): the guests' preview trusts it
 * rather than load zod to parse it again (docs/decisions/001).
 */
export async function getTopics(query: TopicListQueryInput, signal?: AbortSignal): Promise<TopicListResponse> {
  return api.get<TopicListResponse>(forumEndpoints.topics, {
    query: cleanTopicQuery(query) as Record<string, string | number>,
    signal,
  });
}

export function useTopics(query: TopicListQueryInput, viewer: string | null, enabled = true) {
  const clean = cleanTopicQuery(query);
  return useQuery({
    queryKey: forumKeys.topics(viewer, clean),
    queryFn: ({ signal }) => getTopics(clean, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
