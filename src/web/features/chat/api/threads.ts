import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { threadSchema, threadSummarySchema, type Thread, type ThreadSummary } from '../../../../shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export const threadKeys = {
  all: (userId: string | undefined) => ['chat', 'threads', userId] as const,
};

/** `GET /api/chat/threads`: the user's past conversations, newest first. */
export async function listThreads(): Promise<ThreadSummary[]> {
  return api.get('/chat/threads', { schema: z.array(threadSummarySchema), toast: false });
}

/** `GET /api/chat/threads/:id` with its messages. */
export async function getThread(id: string): Promise<Thread> {
  return api.get(`/chat/threads/${encodeURIComponent(id)}`, { schema: threadSchema });
}

/** `DELETE /api/chat/threads/:id`. */
export async function deleteThread(id: string): Promise<void> {
  await api.delete(`/chat/threads/${encodeURIComponent(id)}`);
}

export function useThreads(enabled: boolean) {
  const { user } = useSession();
  return useQuery({ queryKey: threadKeys.all(user?.id), queryFn: listThreads, enabled: enabled && Boolean(user), retry: false });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKeys.all(user?.id) }),
  });
}
