import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { vitalSummarySchema, type VitalSummary } from '../../../../shared/schemas/vitals';
import { api } from '../../../lib/api-client';

/** `GET /api/admin/vitals`: p75 of each metric per page over the last 28 days. */
export async function getVitalsSummary(): Promise<VitalSummary[]> {
  return api.get('/admin/vitals', { schema: z.array(vitalSummarySchema), toast: false });
}

export function useVitalsSummary() {
  return useQuery({ queryKey: ['admin', 'vitals'], queryFn: getVitalsSummary });
}
