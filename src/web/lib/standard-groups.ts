import type { StandardSummary } from '../../shared/schemas/standards';

/** The jurisdictions listed first, in this order (the bundled library's); any other follows by name. */
export const JURISDICTION_ORDER: readonly string[] = ['United States', 'Canada', 'European Union'];

/** The group of standards without a jurisdiction. */
export const OTHER_JURISDICTION = 'Other';

/** The group of standards the product names but holds no clauses of yet (SPEC §2 /chat: "coming soon"). */
export const COMING_SOON_GROUP = 'Coming soon';

export interface StandardGroup<T> {
  /** The jurisdiction, or {@link COMING_SOON_GROUP}. */
  label: string;
  /** The group of standards that cannot be chosen yet. */
  comingSoon: boolean;
  standards: T[];
}

function jurisdictionRank(jurisdiction: string): number {
  const index = JURISDICTION_ORDER.indexOf(jurisdiction);
  return index < 0 ? JURISDICTION_ORDER.length : index;
}

/**
 * Standards grouped by jurisdiction (United States, Canada, European Union, then others by name),
 * each group keeping the order given; the ones not yet loaded last, in one "Coming soon" group,
 * unless `comingSoonApart` is false (an admin uploads into any standard, loaded or not).
 */
export function groupStandards<T extends Pick<StandardSummary, 'jurisdiction' | 'enabled'>>(
  standards: readonly T[],
  { comingSoonApart = true }: { comingSoonApart?: boolean } = {},
): StandardGroup<T>[] {
  const groups = new Map<string, T[]>();
  const comingSoon: T[] = [];
  for (const standard of standards) {
    if (comingSoonApart && !standard.enabled) {
      comingSoon.push(standard);
      continue;
    }
    const label = standard.jurisdiction ?? OTHER_JURISDICTION;
    groups.set(label, [...(groups.get(label) ?? []), standard]);
  }
  const ordered = [...groups]
    .sort(
      ([a], [b]) =>
        jurisdictionRank(a) - jurisdictionRank(b) || Number(a === OTHER_JURISDICTION) - Number(b === OTHER_JURISDICTION) || a.localeCompare(b, 'en'),
    )
    .map(([label, members]) => ({ label, comingSoon: false, standards: members }));
  return comingSoon.length > 0 ? [...ordered, { label: COMING_SOON_GROUP, comingSoon: true, standards: comingSoon }] : ordered;
}

const counts = new Intl.NumberFormat('en');

/** `2,991 clauses`, the same on the server's rendering and in any browser's locale. */
export function clauseCountLabel(count: number): string {
  return `${counts.format(count)} ${count === 1 ? 'clause' : 'clauses'}`;
}
