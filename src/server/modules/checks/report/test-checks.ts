import type { Check, CheckFinding, CheckResult } from '../../../../shared/schemas/checks';

/*
 * Check factories for the report's tests: a finished check around given findings, with the
 * fields the API fills (owner, edition, times) set to fixed values a test can assert on.
 */

export const TEST_EDITION = 'eCFR as of 2026-06-17';
export const TEST_GENERATED_AT = new Date('2026-07-01T09:30:00.000Z');

/** A done check of `name` holding `findings`, its stored summary the engine's (before overrides). */
export function buildCheck(findings: CheckFinding[], overrides: Partial<Check> = {}): Check {
  const count = (verdict: CheckFinding['verdict']) => findings.filter((f) => f.verdict === verdict).length;
  return {
    id: '5b0c7d0e-8a8e-4c53-9a43-1f0e8f3c2a11',
    status: 'done',
    standard: '49 CFR',
    document: { name: 'design-basis-report.pdf', type: 'pdf', pages: 8, bytes: 92_000 },
    progress: { stage: 'done', percent: 100 },
    summary: { nonConformances: count('non_conformance'), conforms: count('conforms'), needsReview: count('needs_review') },
    findings,
    audit: [],
    error: null,
    edition: TEST_EDITION,
    createdAt: '2026-06-30T14:02:11.000Z',
    finishedAt: '2026-06-30T14:02:13.000Z',
    owner: 'Dana Whitfield',
    ...overrides,
  };
}

/** The engine's findings as the API shows them (read by the readers, no review yet). */
export function fromEngine(result: CheckResult): CheckFinding[] {
  return result.findings.map((f) => ({ ...f, extractedBy: 'reader' as const }));
}

let next = 0;
/** A finding with sensible defaults: a non-conformance of 7.5 in against § 213.57(a)'s 7 in. */
export function buildFinding(overrides: Partial<CheckFinding> = {}): CheckFinding {
  next += 1;
  return {
    id: `h${next}`,
    verdict: 'non_conformance',
    parameter: 'outside_rail_elevation',
    value: 7.5,
    unit: 'in',
    condition: { trackClass: 4 },
    location: { page: 4, line: 12, text: 'The maximum superelevation on main track curves is 7.5 in. on Class 4 track.' },
    requirement: { standard: '49 CFR', ref: '213.57(a)', quote: 'and 7 inches on track Classes 3 through 5', limit: '≤ 7 in' },
    message: 'Elevation of the outside rail of a curve 7.5 in does not meet the maximum of 7 in for Class 4 track (§ 213.57(a)).',
    extractedBy: 'reader',
    ...overrides,
  };
}
