import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileSchema, type Profile, type profileUpdateSchema } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { profileKeys } from './get-profile';

/** The PATCH body as sent: any subset of the form's fields ('' clears an optional one). */
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** `PATCH /api/profiles/me` with any subset of the form's fields. Callers show the toasts. */
export async function updateProfile(update: ProfileUpdateInput): Promise<Profile> {
  return api.patch('/profiles/me', update, { schema: profileSchema, toast: false });
}

/** Saves and puts the server's answer (with the new completion score) in the cache. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me(user?.id), profile),
  });
}
