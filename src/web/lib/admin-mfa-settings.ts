import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaSettingsSchema, type MfaSettings } from '../../shared/schemas/mfa';
import { api } from './api-client';

const mfaSettingsKey = ['admin', 'mfa-settings'] as const;

/**
 * `GET /api/auth/admin/mfa-settings`. Answered 403 `mfa_required` to an admin without MFA while
 * MFA is required for admins: the admin area reads that as "set up MFA first".
 */
export function useAdminMfaSettings(enabled = true) {
  return useQuery({
    queryKey: mfaSettingsKey,
    queryFn: () => api.get('/auth/admin/mfa-settings', { schema: mfaSettingsSchema, toast: false }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useSetAdminMfaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MfaSettings) => api.put('/auth/admin/mfa-settings', settings, { schema: mfaSettingsSchema, toast: false }),
    onSuccess: (settings) => {
      queryClient.setQueryData(mfaSettingsKey, settings);
      // The audit log (Admin › Users) now holds the change.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
