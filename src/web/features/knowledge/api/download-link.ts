import { useQuery } from '@tanstack/react-query';
import { downloadLinkSchema } from '../../../../shared/schemas/uploads';
import { api } from '../../../lib/api-client';

/** A download link's lifetime is 15 minutes; a fresh one is fetched well before the old one ends. */
const DOWNLOAD_LINK_REFRESH_MS = 10 * 60_000;

/**
 * A link that opens a stored document without the session token in its URL (the server signs
 * it for this file, for 15 minutes). Only for signed-in users; null while it loads.
 */
export function useDownloadLink(fileUrl: string | null, viewer: string | null) {
  return useQuery({
    queryKey: ['uploads', 'download-link', viewer, fileUrl],
    queryFn: ({ signal }) => api.get('/uploads/download-link', { query: { url: fileUrl ?? '' }, schema: downloadLinkSchema, signal }),
    enabled: fileUrl !== null && viewer !== null,
    staleTime: DOWNLOAD_LINK_REFRESH_MS,
    refetchInterval: DOWNLOAD_LINK_REFRESH_MS,
  });
}
