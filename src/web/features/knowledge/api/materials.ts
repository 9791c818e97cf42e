import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { materialSchema, type Material, type MaterialKind } from '../../../../shared/schemas/knowledge';
import { downloadLinkSchema } from '../../../../shared/schemas/uploads';
import { api } from '../../../lib/api-client';

/** The filters of `GET /api/knowledge/materials`; empty values are left out of the query. */
export interface MaterialFilters {
  q?: string;
  category?: string;
  tag?: string;
  kind?: MaterialKind;
}

function cleanFilters(filters: MaterialFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters) as [keyof MaterialFilters, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) query[key] = trimmed;
  }
  return query;
}

export async function getMaterials(filters: MaterialFilters, signal?: AbortSignal): Promise<Material[]> {
  return api.get('/knowledge/materials', { query: cleanFilters(filters), schema: z.array(materialSchema), signal });
}

export async function getMaterial(id: string, signal?: AbortSignal): Promise<Material> {
  return api.get(`/knowledge/materials/${encodeURIComponent(id)}`, { schema: materialSchema, signal });
}

/** The materials list; the session's user id is part of the key since guests get previews. */
export function useMaterials(filters: MaterialFilters, viewer: string | null, enabled = true) {
  const query = cleanFilters(filters);
  return useQuery({
    queryKey: ['knowledge', 'materials', viewer, query],
    queryFn: ({ signal }) => getMaterials(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMaterial(id: string | undefined, viewer: string | null, enabled = true) {
  return useQuery({
    queryKey: ['knowledge', 'material', viewer, id],
    queryFn: ({ signal }) => getMaterial(id ?? '', signal),
    enabled: enabled && Boolean(id),
  });
}

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
