import { describe, expect, it } from 'vitest';
import { citationLabel, clausesFoundDoNotAddress, excerpt, listWithOr, notAddressedSentence, notFoundSentence } from './citation-policy';

describe('citation policy', () => {
  it('labels a citation with the standard and the ref or pinpoint', () => {
    expect(citationLabel('49 CFR', '213.9(a)')).toBe('49 CFR 213.9(a)');
  });

  it('cuts a long clause at a word, with an ellipsis, and leaves a short one whole', () => {
    expect(excerpt('Each rail shall be bolted.', 600)).toBe('Each rail shall be bolted.');
    expect(excerpt('Each rail shall be bolted with at least two bolts.', 20)).toBe('Each rail shall be …');
    expect(excerpt('x'.repeat(700))).toHaveLength(600 + 2);
  });

  it('says what is not covered the same way in both modes', () => {
    expect(listWithOr(['a', 'b', 'c'])).toBe('a, b or c');
    expect(notFoundSentence('49 CFR')).toBe("I couldn't find a clause in 49 CFR that addresses this.");
    expect(notFoundSentence('49 CFR', ['contact wire', '25 kV'])).toBe("I couldn't find a clause in 49 CFR that addresses contact wire or 25 kV.");
    expect(notAddressedSentence('49 CFR', ['ETCS'])).toBe('49 CFR does not address ETCS.');
    expect(clausesFoundDoNotAddress('49 CFR', ['ETCS', 'BIM'])).toBe('The clauses found in 49 CFR do not address ETCS or BIM.');
  });
});
