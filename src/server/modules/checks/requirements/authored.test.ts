import { describe, expect, it } from 'vitest';
import { requirementSchema } from '../../../../shared/schemas/requirements';
import { AUTHORED_REQUIREMENTS } from './authored';
import { PART_213_TABLES } from './table-readers';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen'];
const EIGHTHS: Record<number, string[]> = {
  0.125: ['1/8'],
  0.25: ['1/4'],
  0.375: ['3/8', 'three-eighths'],
  0.5: ['1/2'],
  0.625: ['5/8', 'five-eighths'],
  0.75: ['3/4'],
  0.875: ['7/8'],
};

/** The ways a clause writes a number: 40, 500,000, 1 1/2, 3/8, three-eighths, four, twice, monthly, weekly. */
function numberForms(value: number, unit: string): string[] {
  const whole = Math.floor(value);
  const fraction = value - whole;
  const forms = [
    String(value),
    value.toLocaleString('en-US'),
    WORDS[value] ?? '',
    WORDS[value] ? `${WORDS[value]?.[0]?.toUpperCase()}${WORDS[value]?.slice(1)}` : '',
  ];
  for (const f of EIGHTHS[fraction] ?? []) forms.push(whole > 0 ? `${whole} ${f}` : f);
  if (value === 2) forms.push('twice', 'Twice');
  if (value === 1 && unit === 'per month') forms.push('monthly', 'Monthly');
  if (value === 1 && unit === 'months') forms.push('each month', 'every month');
  if (value === 1 && unit === 'per week') forms.push('Weekly', 'weekly');
  if (value === 1 && unit === 'per calendar year') forms.push('once in each calendar year');
  if (value === 0) forms.push('lower than');
  return forms.filter(Boolean);
}

describe('authored requirements', () => {
  it('are well formed, with unique ids', () => {
    for (const r of AUTHORED_REQUIREMENTS) expect(() => requirementSchema.parse(r), r.id).not.toThrow();
    expect(new Set(AUTHORED_REQUIREMENTS.map((r) => r.id)).size).toBe(AUTHORED_REQUIREMENTS.length);
  });

  it('quote words that state their own number, so a changed number in the clause disables them', () => {
    for (const r of AUTHORED_REQUIREMENTS) {
      if (r.kind !== 'limit') continue;
      const forms = numberForms(r.limit.value, r.limit.unit);
      expect(
        forms.some((f) => r.quote.includes(f)),
        `${r.id}: "${r.quote}" states none of ${forms.join(', ')}`,
      ).toBe(true);
    }
  });

  it('cover Parts 213, 214, 234 and 237, and the tables cover the regular tables of Part 213', () => {
    const parts = new Set(AUTHORED_REQUIREMENTS.map((r) => r.ref.split('.')[0]));
    expect([...parts].sort()).toEqual(['213', '214', '234', '237']);
    expect(PART_213_TABLES.map((t) => t.ref)).toEqual(expect.arrayContaining(['213.9(a)', '213.53(b)', '213.55(a)', '213.63(a)', '213.109(b)(4)']));
  });
});
