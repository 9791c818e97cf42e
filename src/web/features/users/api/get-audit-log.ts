import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListSchema, type AuditList } from '../../../../shared/schemas/user-admin';
import { api } from '../../../lib/api-client';
import { userAdminKeys } from './keys';

/** Entries a page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/admin/audit`: newest first; `filter` matches part of the actor's or the target's e-mail. */
export async function getAuditLog(page: number, filter: string): Promise<AuditList> {
  return api.get('/admin/audit', { query: { page, per_page: AUDIT_PAGE_SIZE, filter: filter || undefined }, schema: auditListSchema, toast: false });
}

export function useAuditLog(page: number, filter: string) {
  return useQuery({ queryKey: userAdminKeys.auditPage(page, filter), queryFn: () => getAuditLog(page, filter), placeholderData: keepPreviousData });
}
