import { useQuery } from '@tanstack/react-query';
import type { Clause, StandardSummary } from '../../shared/schemas/standards';
import { api } from './api-client';
import { standardsKeys } from './standards-keys';

/**
 * The standards library reads shared by the chat (selector, citation dialog) and the
 * standards browser. All are public endpoints, answered through the shared schemas: the public
 * standards page trusts them, and keeps zod out of its scripts (docs/decisions/001).
 */
export { standardsKeys };

/** `GET /api/standards`. */
export async function getStandards(): Promise<StandardSummary[]> {
  return api.get<StandardSummary[]>('/standards', { toast: false });
}

export function useStandards() {
  return useQuery({ queryKey: standardsKeys.all, queryFn: getStandards, staleTime: 5 * 60_000 });
}

/** `GET /api/standards/:code/clauses/:ref`, both URL-encoded. */
export async function getClause(code: string, ref: string): Promise<Clause> {
  return api.get<Clause>(`/standards/${encodeURIComponent(code)}/clauses/${encodeURIComponent(ref)}`, { toast: false });
}

export function useClause(code: string | undefined, ref: string | undefined) {
  return useQuery({
    queryKey: standardsKeys.clause(code ?? '', ref ?? ''),
    queryFn: () => getClause(code ?? '', ref ?? ''),
    enabled: Boolean(code && ref),
    staleTime: Infinity,
    retry: false,
  });
}

/** The preferred default: SPEC's Metro Trains Melbourne when loaded, else the first enabled one. */
export const PREFERRED_STANDARD = 'Metro Trains Melbourne';

export function defaultStandardCode(standards: readonly StandardSummary[]): string | undefined {
  const enabled = standards.filter((s) => s.enabled);
  return (enabled.find((s) => s.code === PREFERRED_STANDARD) ?? enabled[0])?.code;
}
