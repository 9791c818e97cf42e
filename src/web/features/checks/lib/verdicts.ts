import type { CheckFinding, FindingVerdict } from '../../../../shared/schemas/checks';
import { messages } from '../../../../shared/messages';

/** The order verdicts are listed in: what needs action first. */
export const VERDICTS: readonly FindingVerdict[] = ['non_conformance', 'needs_review', 'conforms'];

/** A reviewer's verdict stands over the checker's. */
export function effectiveVerdict(finding: Pick<CheckFinding, 'verdict' | 'reviewer'>): FindingVerdict {
  return finding.reviewer?.verdict ?? finding.verdict;
}

export function verdictLabel(verdict: FindingVerdict): string {
  return messages.checkPage.verdicts[verdict];
}

/** How many findings have each verdict (after review). */
export function countVerdicts(findings: readonly Pick<CheckFinding, 'verdict' | 'reviewer'>[]): Record<FindingVerdict, number> {
  const counts: Record<FindingVerdict, number> = { non_conformance: 0, conforms: 0, needs_review: 0 };
  for (const finding of findings) counts[effectiveVerdict(finding)] += 1;
  return counts;
}
