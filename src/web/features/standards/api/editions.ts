import { useQuery } from '@tanstack/react-query';
import type { DocumentEditions, EditionChanges } from '../../../../shared/schemas/editions';
import { api } from '../../../lib/api-client';

export type { DocumentEditions, EditionChanges };

/** `GET /api/standards/:code/documents`: each document with its editions, the one in force first. */
export async function getDocumentEditions(code: string): Promise<DocumentEditions[]> {
  return api.get<DocumentEditions[]>(`/standards/${encodeURIComponent(code)}/documents`, { toast: false });
}

export function useDocumentEditions(code: string | undefined) {
  return useQuery({
    queryKey: ['standards', code, 'documents'],
    queryFn: () => getDocumentEditions(code ?? ''),
    enabled: Boolean(code),
    staleTime: 60_000,
    retry: false,
  });
}

/** `GET /api/standards/:code/changes?title=&from=&to=`: what changed between two editions of a document. */
export async function getEditionChanges(code: string, query: { title: string; from?: string | undefined; to?: string | undefined }): Promise<EditionChanges> {
  return api.get<EditionChanges>(`/standards/${encodeURIComponent(code)}/changes`, { query, toast: false });
}

export function useEditionChanges(code: string | undefined, query: { title: string | undefined; from?: string | undefined; to?: string | undefined }) {
  return useQuery({
    queryKey: ['standards', code, 'changes', query.title, query.from, query.to],
    queryFn: () => getEditionChanges(code ?? '', { title: query.title ?? '', from: query.from, to: query.to }),
    enabled: Boolean(code && query.title),
    // Two editions never change under their names but by a new import, which is rare: read once a visit.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
