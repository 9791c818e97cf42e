import { useQuery } from '@tanstack/react-query';
import { documentContentSchema, type DocumentContent } from '../../../../shared/schemas/document-content';
import { api } from '../../../lib/api-client';
import { checkEndpoints, checkKeys } from './keys';
import { retryUnlessRefused } from './retry';

/** `GET /api/checks/:id/content`: the document as the check read it (paragraphs and tables with their locations). */
export async function getCheckContent(id: string, signal?: AbortSignal): Promise<DocumentContent> {
  // No toast: the finding falls back to its own source text and says why.
  return api.get(checkEndpoints.content(id), { schema: documentContentSchema, signal, toast: false });
}

/** Loaded the first time a finding is opened; a checked document never changes, so it is never fetched again. */
export function useCheckContent(id: string, viewer: string | null, enabled: boolean) {
  return useQuery({
    queryKey: checkKeys.content(viewer, id),
    queryFn: ({ signal }) => getCheckContent(id, signal),
    enabled: enabled && viewer !== null,
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
}
