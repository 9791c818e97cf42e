import type { Check, CheckFinding, FindingVerdict } from '../../../../shared/schemas/checks';

/** A finding's verdict as the report states it: the reviewer's, where one overrode the engine. */
export function effectiveVerdict(finding: CheckFinding): FindingVerdict {
  return finding.reviewer?.verdict ?? finding.verdict;
}

/** True when a reviewer changed the engine's verdict (a review that kept it is no override). */
export function isOverridden(finding: CheckFinding): boolean {
  return finding.reviewer !== undefined && finding.reviewer.verdict !== finding.verdict;
}

export interface ReportCounts {
  nonConformances: number;
  conforms: number;
  needsReview: number;
  overridden: number;
}

/**
 * The summary counts from the findings themselves, not `check.summary`: the stored summary is
 * the engine's, and a reviewer's override must move a finding from one count to another.
 */
export function countVerdicts(check: Pick<Check, 'findings'>): ReportCounts {
  const counts: ReportCounts = { nonConformances: 0, conforms: 0, needsReview: 0, overridden: 0 };
  for (const finding of check.findings) {
    const verdict = effectiveVerdict(finding);
    if (verdict === 'non_conformance') counts.nonConformances += 1;
    else if (verdict === 'conforms') counts.conforms += 1;
    else counts.needsReview += 1;
    if (isOverridden(finding)) counts.overridden += 1;
  }
  return counts;
}

const READING_ORDER: Record<FindingVerdict, number> = { non_conformance: 0, needs_review: 1, conforms: 2 };

/** Non-conformances first, then needs-review, then conforming findings; the document's order within each. */
export function inReadingOrder(findings: readonly CheckFinding[]): CheckFinding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => READING_ORDER[effectiveVerdict(a.finding)] - READING_ORDER[effectiveVerdict(b.finding)] || a.index - b.index)
    .map(({ finding }) => finding);
}
