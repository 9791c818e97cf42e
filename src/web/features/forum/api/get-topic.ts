import { useQuery } from '@tanstack/react-query';
import { AppError } from '../../../../shared/errors';
import { topicDetailSchema, type TopicDetail } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `GET /api/forum/topics/:id`: the whole topic (guests: only the preview topics). */
export async function getTopic(id: string, signal?: AbortSignal): Promise<TopicDetail> {
  // No toast: the page explains a missing topic or the sign-in it needs in place.
  return api.get(forumEndpoints.topic(id), { schema: topicDetailSchema, signal, toast: false });
}

/** 401/403/404 will not change on a retry. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof AppError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function useTopic(id: string | undefined, viewer: string | null, enabled = true) {
  return useQuery({
    queryKey: forumKeys.topic(viewer, id ?? ''),
    queryFn: ({ signal }) => getTopic(id ?? '', signal),
    enabled: enabled && Boolean(id),
    retry: shouldRetry,
  });
}
