import { describe, expect, it } from 'vitest';
import { expandWithVocabulary, vocabularyMatches } from './vocabulary';

describe('railway vocabulary', () => {
  it("adds the standard's words for a practitioner's, matched as whole words in any case", () => {
    expect(expandWithVocabulary('The FRED on our manifest went dark')).toEqual(['end-of-train', 'device', 'marking']);
    expect(expandWithVocabulary('Cab signals cut out in ABS territory')).toEqual(expect.arrayContaining(['automatic', 'block', 'signal', 'inoperative']));
    expect(vocabularyMatches('Is the ditch light required?').map((m) => m.phrase)).toEqual(['ditch light']);
  });

  it('does not match a key inside another word', () => {
    expect(expandWithVocabulary('Logging trucks at the crossing')).toEqual([]);
    expect(expandWithVocabulary('Abstract question')).toEqual([]);
  });

  it('matches keys written with a hyphen', () => {
    expect(vocabularyMatches('Our hi-rail pickup').map((m) => m.phrase)).toContain('hi-rail');
    expect(expandWithVocabulary('Bad-order car')).toEqual(['defective', 'non-complying']);
  });

  it('finds a phrase inside words joined by hyphens, once', () => {
    expect(expandWithVocabulary('Is that a hurt-on-the-clock case?')).toEqual(expect.arrayContaining(['on', 'duty']));
    expect(expandWithVocabulary('A bad-order car')).toEqual(['defective', 'non-complying']);
  });

  it("reads an employee's own vehicle and the trip to work as the regulation does", () => {
    expect(expandWithVocabulary('He backed his pickup into a pole')).toEqual(['motor', 'vehicle']);
    expect(expandWithVocabulary('in the employee parking before her shift')).toEqual(expect.arrayContaining(['parking', 'lot', 'commuting']));
    expect(expandWithVocabulary('a ground on the wiring for the lights and gates')).toEqual(expect.arrayContaining(['circuit', 'warning', 'system']));
  });

  it('reads "how frequently" as "how often"', () => {
    expect(expandWithVocabulary('How frequently must gates be inspected?')).toEqual(expandWithVocabulary('How often must gates be inspected?'));
  });

  it('reads looking something over as an inspection or a review', () => {
    expect(expandWithVocabulary('Nobody has looked at the trestles since')).toEqual(expect.arrayContaining(['inspection', 'bridges']));
    expect(expandWithVocabulary('Who has to look over the reports?')).toEqual(['review', 'inspect']);
    expect(expandWithVocabulary('Before the first train goes over the bridge')).toEqual(['bridge']);
  });
});
