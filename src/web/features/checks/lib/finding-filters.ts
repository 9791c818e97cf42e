import type { CheckFinding, FindingVerdict } from '../../../../shared/schemas/checks';
import { VERDICTS, effectiveVerdict } from './verdicts';

/** The clause filter's value for needs-review items no requirement was matched to. */
export const NO_CLAUSE = '__none__';

export interface FindingFilters {
  verdict: FindingVerdict | 'all';
  /** A clause ref, `NO_CLAUSE`, or 'all'. */
  clause: string;
}

export const NO_FILTERS: FindingFilters = { verdict: 'all', clause: 'all' };

export function clauseOf(finding: Pick<CheckFinding, 'requirement'>): string {
  return finding.requirement?.ref ?? NO_CLAUSE;
}

const byRef = new Intl.Collator('en', { numeric: true });

/** The clauses the findings cite, each once with how many cite it, in the standard's order (213.9 before 213.57). */
export function clauseOptions(findings: readonly Pick<CheckFinding, 'requirement'>[]): { ref: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(clauseOf(finding), (counts.get(clauseOf(finding)) ?? 0) + 1);
  return (
    [...counts]
      .map(([ref, count]) => ({ ref, count }))
      // Findings without a clause go last: they are the ones no requirement explains.
      .sort((a, b) => (a.ref === NO_CLAUSE ? 1 : b.ref === NO_CLAUSE ? -1 : byRef.compare(a.ref, b.ref)))
  );
}

export function filterFindings<T extends Pick<CheckFinding, 'verdict' | 'reviewer' | 'requirement'>>(findings: readonly T[], filters: FindingFilters): T[] {
  return findings.filter(
    (finding) =>
      (filters.verdict === 'all' || effectiveVerdict(finding) === filters.verdict) && (filters.clause === 'all' || clauseOf(finding) === filters.clause),
  );
}

/**
 * Non-conformances first, then needs-review items, then what conforms, each in document order.
 * Ordered by the checker's verdict, not the reviewer's, so that an override does not move the
 * finding away from under the reviewer's eyes.
 */
export function orderFindings<T extends Pick<CheckFinding, 'verdict'>>(findings: readonly T[]): T[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => VERDICTS.indexOf(a.finding.verdict) - VERDICTS.indexOf(b.finding.verdict) || a.index - b.index)
    .map(({ finding }) => finding);
}
