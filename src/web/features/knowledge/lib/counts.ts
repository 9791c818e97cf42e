import type { Material } from '../../../../shared/schemas/knowledge';

export interface FacetCount {
  id: string;
  name: string;
  count: number;
}

function sortFacets(map: Map<string, FacetCount>): FacetCount[] {
  return [...map.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Categories with how many of the materials fall in each, most used first. */
export function categoryCounts(materials: readonly Material[]): FacetCount[] {
  const map = new Map<string, FacetCount>();
  for (const material of materials) {
    const { id, name } = material.podcast_categories;
    const entry = map.get(id) ?? { id, name, count: 0 };
    entry.count += 1;
    map.set(id, entry);
  }
  return sortFacets(map);
}

/** Tags with how many of the materials carry each, most used first. */
export function tagCounts(materials: readonly Material[], limit = 12): FacetCount[] {
  const map = new Map<string, FacetCount>();
  for (const material of materials) {
    for (const { id, name } of material.tags) {
      const entry = map.get(id) ?? { id, name, count: 0 };
      entry.count += 1;
      map.set(id, entry);
    }
  }
  return sortFacets(map).slice(0, limit);
}
