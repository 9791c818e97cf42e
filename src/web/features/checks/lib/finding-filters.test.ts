import { describe, expect, it } from 'vitest';
import { findingFixture, findingsFixture } from '../test/fixtures';
import { NO_CLAUSE, clauseOptions, filterFindings, orderFindings } from './finding-filters';

describe('finding filters', () => {
  it('lists each clause once with its count, in the standard’s order, findings without a clause last', () => {
    const findings = [...findingsFixture(), findingFixture({ id: 'f-4' })];
    expect(clauseOptions(findings)).toEqual([
      { ref: '213.9(a)', count: 1 },
      { ref: '213.57(a)', count: 2 },
      { ref: NO_CLAUSE, count: 1 },
    ]);
  });

  it('filters by verdict as reviewed and by clause, together', () => {
    const findings = findingsFixture();
    expect(filterFindings(findings, { verdict: 'non_conformance', clause: 'all' }).map((f) => f.id)).toEqual(['f-1']);
    expect(filterFindings(findings, { verdict: 'all', clause: NO_CLAUSE }).map((f) => f.id)).toEqual(['f-3']);
    expect(filterFindings(findings, { verdict: 'conforms', clause: '213.57(a)' })).toEqual([]);

    const reviewed = findingFixture({ reviewer: { verdict: 'conforms', note: 'Waiver 2024-17', by: 'Ada', at: '2026-07-01T10:00:00Z' } });
    expect(filterFindings([reviewed], { verdict: 'conforms', clause: 'all' })).toHaveLength(1);
    expect(filterFindings([reviewed], { verdict: 'non_conformance', clause: 'all' })).toHaveLength(0);
  });

  it("puts non-conformances first, then needs review, then conforms, each in document order, by the checker's verdict", () => {
    const [nc, ok, review] = findingsFixture();
    const nc2 = findingFixture({ id: 'f-4', reviewer: { verdict: 'conforms', note: 'Waiver', by: 'Ada', at: '2026-07-01T10:00:00Z' } });
    expect(orderFindings([ok!, nc!, review!, nc2]).map((f) => f.id)).toEqual(['f-1', 'f-4', 'f-3', 'f-2']);
  });
});
