import { useQuery } from '@tanstack/react-query';
import { topicListResponseSchema, type TopicListResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** The signed-in user's saved topics, newest save first. */
export async function getSavedTopics(page: number, signal?: AbortSignal): Promise<TopicListResponse> {
  return api.get(forumEndpoints.saved, { query: { page }, schema: topicListResponseSchema, signal });
}

export function useSavedTopics(viewer: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: forumKeys.saved(viewer, page),
    queryFn: ({ signal }) => getSavedTopics(page, signal),
    enabled: enabled && Boolean(viewer),
  });
}
