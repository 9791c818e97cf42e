import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { leadSchema, type Lead, type LeadKind } from '../../../../shared/schemas/leads';
import { api } from '../../../lib/api-client';

export const leadKeys = {
  all: ['admin', 'leads'] as const,
  list: (kind: LeadKind | undefined) => [...leadKeys.all, kind ?? 'all'] as const,
};

/** `GET /api/admin/leads[?kind=contact|demo]`: newest first (admins only). */
export async function getLeads(kind?: LeadKind): Promise<Lead[]> {
  return api.get('/admin/leads', { query: { kind }, schema: z.array(leadSchema), toast: false });
}

/** Contact and demo requests for the admin dashboard, optionally of one kind. */
export function useLeads(kind?: LeadKind) {
  return useQuery({ queryKey: leadKeys.list(kind), queryFn: () => getLeads(kind) });
}
