import { describe, expect, it } from 'vitest';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { comparableStandards } from './standards-by-jurisdiction';

const s = (code: string, jurisdiction: string | null, enabled = true, clauseCount = 10): StandardSummary => ({
  code,
  name: code,
  jurisdiction,
  enabled,
  clauseCount,
});

describe('comparableStandards', () => {
  it('groups the loaded standards by jurisdiction, leaving out those not loaded and the Comparative Table', () => {
    const groups = comparableStandards([
      s('CA Railway Safety Act', 'Canada'),
      s('49 CFR', 'United States'),
      s('49 U.S.C.', 'United States'),
      s('Site rules', null),
      s('Eurocode', 'Europe', false, 0),
      s('Comparative Table', null, true, 0),
    ]);
    expect(groups.map((g) => [g.label, g.standards.map((x) => x.code)])).toEqual([
      ['United States', ['49 CFR', '49 U.S.C.']],
      ['Canada', ['CA Railway Safety Act']],
      ['Other', ['Site rules']],
    ]);
  });
});
