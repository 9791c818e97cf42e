import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeList } from '../../../../shared/schemas/notices';
import { api } from '../../../lib/api-client';
import { noticeKeys } from '../../../lib/notices-api';
import { useSession } from '../../../lib/session/use-session';

/** `GET /api/notices`: the newest notices and the unread count. */
export async function getNotices(): Promise<NoticeList> {
  return api.get<NoticeList>('/notices', { toast: false });
}

export function useNotices() {
  const { user } = useSession();
  return useQuery({ queryKey: noticeKeys.all(user?.id), queryFn: getNotices, enabled: Boolean(user), retry: false });
}

/** `POST /api/notices/:id/read`, or `/read-all` without an id; the list and the bell are read again after. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (id?: string) => api.post<null>(id ? `/notices/${encodeURIComponent(id)}/read` : '/notices/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all(user?.id) }),
  });
}
