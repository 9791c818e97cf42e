import { useQuery } from '@tanstack/react-query';
import { forumStatsSchema, type ForumStats } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `GET /api/forum/me/stats`: the profile card's posts, replies, likes received and saved. */
export async function getForumStats(signal?: AbortSignal): Promise<ForumStats> {
  return api.get(forumEndpoints.stats, { schema: forumStatsSchema, signal, toast: false });
}

export function useForumStats(viewer: string | null) {
  return useQuery({
    queryKey: forumKeys.stats(viewer),
    queryFn: ({ signal }) => getForumStats(signal),
    enabled: Boolean(viewer),
  });
}
