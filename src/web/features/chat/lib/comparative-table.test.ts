import { describe, expect, it } from 'vitest';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { withComparativeTable } from './comparative-table';

const s = (code: string, enabled: boolean): StandardSummary => ({ code, name: code, jurisdiction: null, enabled, clauseCount: enabled ? 5 : 0 });

describe('withComparativeTable', () => {
  it('offers the Comparative Table once two standards are loaded', () => {
    const table = (list: StandardSummary[]) => withComparativeTable(list).find((x) => x.code === 'Comparative Table')?.enabled;
    expect(table([s('49 CFR', true), s('Comparative Table', false)])).toBe(false);
    expect(table([s('49 CFR', true), s('Eurocode', false), s('Comparative Table', false)])).toBe(false);
    expect(table([s('49 CFR', true), s('49 U.S.C.', true), s('Comparative Table', false)])).toBe(true);
    expect(withComparativeTable([s('Comparative Table', false)])[0]!.jurisdiction).toBe('Across standards');
  });
});
