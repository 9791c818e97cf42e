import { describe, expect, it } from 'vitest';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { standardsByJurisdiction } from './standards-by-jurisdiction';

const s = (code: string, jurisdiction: string | null, enabled = true, clauseCount = 10): StandardSummary => ({
  code,
  name: code,
  jurisdiction,
  enabled,
  clauseCount,
});

describe('standardsByJurisdiction', () => {
  it('groups the loaded standards by jurisdiction, alphabetically, those without one last', () => {
    const groups = standardsByJurisdiction(
      [
        s('49 U.S.C.', 'United States'),
        s('CA Railway Safety Act', 'Canada'),
        s('49 CFR', 'United States'),
        s('Site rules', null),
        s('Eurocode', 'Europe', false, 0),
        s('Comparative Table', null, false, 0),
      ],
      'Other',
    );
    expect(groups.map((g) => [g.jurisdiction, g.standards.map((x) => x.code)])).toEqual([
      ['Canada', ['CA Railway Safety Act']],
      ['United States', ['49 CFR', '49 U.S.C.']],
      ['Other', ['Site rules']],
    ]);
  });
});
