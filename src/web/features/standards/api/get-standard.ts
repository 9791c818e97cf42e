import { useQuery } from '@tanstack/react-query';
import type { StandardDetail } from '../../../../shared/schemas/standards';
import { api } from '../../../lib/api-client';
import { standardsKeys } from '../../../lib/standards-keys';

export type { StandardDetail };

/** `GET /api/standards/:code`: the standard with its documents (edition, source, discipline, clause count). */
export async function getStandard(code: string): Promise<StandardDetail> {
  return api.get<StandardDetail>(`/standards/${encodeURIComponent(code)}`, { toast: false });
}

export function useStandard(code: string | undefined) {
  return useQuery({
    queryKey: standardsKeys.detail(code ?? ''),
    queryFn: () => getStandard(code ?? ''),
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
