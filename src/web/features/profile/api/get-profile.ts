import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { messages } from '../../../../shared/messages';
import { profileSchema, type Profile } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export const profileKeys = {
  me: (userId: string | undefined) => ['profile', 'me', userId] as const,
};

/**
 * `GET /api/profiles/me` (the server creates a missing profile with id and e-mail). A
 * failure shows SPEC §8's 'Failed to load profile information' once, however many
 * components read the profile.
 */
export async function getProfile(): Promise<Profile> {
  try {
    return await api.get('/profiles/me', { schema: profileSchema, toast: false });
  } catch (error) {
    toast.error(messages.toast.errorTitle, { id: 'profile-load-failed', description: assistantMessages.profile.loadFailed });
    throw error;
  }
}

/** The signed-in user's profile with its completion score. */
export function useProfile() {
  const { user } = useSession();
  return useQuery({
    queryKey: profileKeys.me(user?.id),
    queryFn: getProfile,
    enabled: Boolean(user),
    retry: false,
    staleTime: 60_000,
  });
}
