import { describe, expect, it } from 'vitest';
import type { LoadedRequirement } from '../../../shared/schemas/requirements';
import { requirementRows } from './rows';

function limit(standard: string, ref: string, value: number, extra: Partial<LoadedRequirement> = {}): LoadedRequirement {
  return {
    id: `${standard}/${ref}/${value}`,
    standard,
    ref,
    parameter: 'crossing_warning_time',
    label: 'Minimum warning time',
    conditions: {},
    quote: 'not less than 20 seconds',
    origin: 'authored',
    kind: 'limit',
    comparator: '>=',
    limit: { value, unit: 'seconds' },
    status: 'enabled',
    disabledReason: null,
    verifiedIn: null,
    ...extra,
  } as LoadedRequirement;
}

describe('requirementRows', () => {
  it('lines up the same parameter of two standards, each from a section its column cites', () => {
    const rows = requirementRows(
      [
        { standard: '49 CFR', sections: ['234.225', '234.259'] },
        { standard: 'CA Grade Crossings Regulations', sections: ['69'] },
      ],
      [limit('49 CFR', '234.225', 20), limit('CA Grade Crossings Regulations', '69(1)', 25), limit('49 CFR', '234.9', 99, { parameter: 'response_time' })],
    );
    expect(rows).toEqual([
      {
        parameter: 'Crossing warning time',
        values: {
          '49 CFR': { value: '≥ 20', unit: 'seconds', ref: '234.225' },
          'CA Grade Crossings Regulations': { value: '≥ 25', unit: 'seconds', ref: '69(1)' },
        },
      },
    ]);
  });

  it('makes no row for a parameter only one standard holds, nor from sections no column cites or disabled requirements', () => {
    const columns = [
      { standard: '49 CFR', sections: ['234.225'] },
      { standard: 'CA Grade Crossings Regulations', sections: ['69'] },
    ];
    expect(requirementRows(columns, [limit('49 CFR', '234.225', 20)])).toEqual([]);
    expect(requirementRows(columns, [limit('49 CFR', '234.225', 20), limit('CA Grade Crossings Regulations', '70', 25)])).toEqual([]);
    expect(
      requirementRows(columns, [
        limit('49 CFR', '234.225', 20),
        limit('CA Grade Crossings Regulations', '69', 25, { status: 'disabled', disabledReason: 'changed' }),
      ]),
    ).toEqual([]);
  });

  it('takes a column’s most general requirement from its best-ranked section', () => {
    const rows = requirementRows(
      [
        { standard: '49 CFR', sections: ['234.259', '234.225'] },
        { standard: 'CA Grade Crossings Regulations', sections: ['69'] },
      ],
      [
        limit('49 CFR', '234.225', 20),
        limit('49 CFR', '234.259', 30, { conditions: { qualifier: 'a special case' } }),
        limit('49 CFR', '234.259', 35),
        limit('CA Grade Crossings Regulations', '69', 25),
      ],
    );
    expect(rows[0]!.values['49 CFR']).toEqual({ value: '≥ 35', unit: 'seconds', ref: '234.259' });
  });
});
