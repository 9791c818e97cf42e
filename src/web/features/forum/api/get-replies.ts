import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FORUM, replyListResponseSchema, type ReplyListResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** How many replies a topic page shows at once. */
export const REPLIES_PAGE_SIZE = FORUM.pageSizeMax;

/** `GET /api/forum/topics/:id/replies`: oldest first, published ones plus the caller's own. */
export async function getReplies(topicId: string, page: number, signal?: AbortSignal): Promise<ReplyListResponse> {
  return api.get(forumEndpoints.replies(topicId), {
    query: { page, pageSize: REPLIES_PAGE_SIZE },
    schema: replyListResponseSchema,
    signal,
    toast: false,
  });
}

export function useReplies(topicId: string | undefined, viewer: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: forumKeys.replies(viewer, topicId ?? '', page),
    queryFn: ({ signal }) => getReplies(topicId ?? '', page, signal),
    enabled: enabled && Boolean(topicId),
    placeholderData: keepPreviousData,
  });
}
