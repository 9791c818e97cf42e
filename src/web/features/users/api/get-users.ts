import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUserListSchema, type AdminUserList } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { userAdminKeys } from './keys';

/** Accounts a page of the Users tab shows. */
export const USERS_PAGE_SIZE = 25;

/** `GET /api/auth/admin/users`: newest first; `filter` matches part of an e-mail, name or company. */
export async function getUsers(page: number, filter: string): Promise<AdminUserList> {
  return api.get('/auth/admin/users', { query: { page, per_page: USERS_PAGE_SIZE, filter: filter || undefined }, schema: adminUserListSchema, toast: false });
}

/** One page of accounts; the previous page stays on screen while the next loads. */
export function useUsers(page: number, filter: string) {
  return useQuery({ queryKey: userAdminKeys.list(page, filter), queryFn: () => getUsers(page, filter), placeholderData: keepPreviousData });
}
