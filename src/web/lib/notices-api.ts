import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useSession } from './session/use-session';

/**
 * The signed-in user's notices, as the header's bell and the notices page share them. Reads are
 * typed by the shared schemas and not parsed again: the header is on every page and keeps zod out
 * of its scripts (docs/decisions/001).
 */
export const noticeKeys = {
  all: (userId: string | undefined) => ['notices', userId] as const,
  unread: (userId: string | undefined) => ['notices', userId, 'unread'] as const,
};

/** How often the bell asks again while a page stays open. */
const UNREAD_REFRESH_MS = 5 * 60_000;

/** `GET /api/notices/unread`. */
export async function getUnreadNotices(): Promise<{ unread: number }> {
  return api.get<{ unread: number }>('/notices/unread', { toast: false });
}

/** How many of the signed-in user's notices are unread; nothing is asked while signed out. */
export function useUnreadNotices() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: noticeKeys.unread(user?.id),
    queryFn: getUnreadNotices,
    enabled: status === 'signed-in' && Boolean(user),
    staleTime: 60_000,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: false,
  });
}
