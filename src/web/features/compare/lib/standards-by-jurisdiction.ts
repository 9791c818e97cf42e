import type { StandardSummary } from '../../../../shared/schemas/standards';

export interface JurisdictionGroup {
  jurisdiction: string;
  standards: StandardSummary[];
}

/**
 * The standards a comparison can take (loaded ones; not the chat's "Comparative Table", which is
 * no standard), grouped by jurisdiction in alphabetical order, those without one last under
 * `other`; within a group by name.
 */
export function standardsByJurisdiction(standards: readonly StandardSummary[], other: string): JurisdictionGroup[] {
  const groups = new Map<string, StandardSummary[]>();
  for (const s of standards) {
    if (!s.enabled || s.jurisdiction === null) continue;
    groups.set(s.jurisdiction, [...(groups.get(s.jurisdiction) ?? []), s]);
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en'));
  const unplaced = standards.filter((s) => s.enabled && s.jurisdiction === null && s.clauseCount > 0);
  if (unplaced.length > 0) sorted.push([other, unplaced]);
  return sorted.map(([jurisdiction, list]) => ({ jurisdiction, standards: [...list].sort((a, b) => a.name.localeCompare(b.name, 'en')) }));
}
