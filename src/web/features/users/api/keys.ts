import { useQueryClient } from '@tanstack/react-query';

/** The Users tab's caches. */
export const userAdminKeys = {
  users: ['admin', 'users'] as const,
  list: (page: number, filter: string) => [...userAdminKeys.users, 'list', page, filter] as const,
  settings: ['admin', 'users', 'invite-settings'] as const,
  whitelist: ['admin', 'whitelist'] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (page: number, filter: string) => [...userAdminKeys.audit, page, filter] as const,
};

/** After an admin action: the accounts and the audit log (which now holds the action) are fetched again. */
export function useInvalidateUserAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userAdminKeys.users }),
      queryClient.invalidateQueries({ queryKey: userAdminKeys.whitelist }),
      queryClient.invalidateQueries({ queryKey: userAdminKeys.audit }),
    ]);
}
