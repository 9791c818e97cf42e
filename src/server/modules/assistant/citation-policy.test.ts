import { describe, expect, it } from 'vitest';
import { citationLabel, clausesFoundDoNotAddress, excerpt, listWithOr, notAddressedSentence, notFoundSentence } from './citation-policy';

describe('citation policy', () => {
  it('labels a citation with the standard and the ref or pinpoint', () => {
    expect(citationLabel('49 CFR', '213.9(a)')).toBe('49 CFR 213.9(a)');
    expect(citationLabel('Metro Trains Melbourne', 'A.1')).toBe('Metro Trains Melbourne A.1');
  });

  it('cites a ref that names its own instrument as the jurisdiction writes it', () => {
    expect(citationLabel('CA Grade Crossings Regulations', 'SOR/2014-275, s. 12(1)')).toBe('SOR/2014-275, s. 12(1)');
    expect(citationLabel('CA Railway Safety Act', 'R.S.C., 1985, c. R-4.2, s. 11')).toBe('R.S.C., 1985, c. R-4.2, s. 11');
    expect(citationLabel('EU TSI CCS (Decision 2012/88/EU)', 'TSI CCS 4.2.1')).toBe('TSI CCS 4.2.1');
    expect(citationLabel('49 U.S.C.', '49 U.S.C. 20103(a)')).toBe('49 U.S.C. 20103(a)');
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
