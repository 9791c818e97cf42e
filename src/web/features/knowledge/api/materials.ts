import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Material } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { cleanFilters, knowledgeKeys, type MaterialFilters } from './query-keys';

export type { MaterialFilters };

/*
 * The server answers these public reads through the shared response schema (materialSchema).
 * The hub does not parse them a second time, so that zod stays out of the scripts of this
 * public page (docs/decisions/001).
 */

export async function getMaterials(filters: MaterialFilters, signal?: AbortSignal): Promise<Material[]> {
  return api.get<Material[]>('/knowledge/materials', { query: cleanFilters(filters), signal });
}

export async function getMaterial(id: string, signal?: AbortSignal): Promise<Material> {
  return api.get<Material>(`/knowledge/materials/${encodeURIComponent(id)}`, { signal });
}

/**
 * The materials list for a query made by `cleanFilters` (query-keys.ts); the session's user id
 * is part of the key since guests get previews.
 */
export function useMaterials(query: Record<string, string>, viewer: string | null, enabled = true) {
  return useQuery({
    queryKey: knowledgeKeys.materials(viewer, query),
    queryFn: ({ signal }) => getMaterials(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMaterial(id: string | undefined, viewer: string | null, enabled = true) {
  return useQuery({
    queryKey: knowledgeKeys.material(viewer, id),
    queryFn: ({ signal }) => getMaterial(id ?? '', signal),
    enabled: enabled && Boolean(id),
  });
}
