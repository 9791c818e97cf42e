import { describe, expect, it } from 'vitest';
import { dialectCandidates, expandWithVocabulary, preferredWords, vocabularyMatches } from './vocabulary';

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

  it('reads "how quickly" and "how promptly" as "how soon": a time limit', () => {
    expect(expandWithVocabulary('How quickly must the accident be reported?')).toEqual(expandWithVocabulary('How soon must the accident be reported?'));
    expect(expandWithVocabulary('How promptly must the accident be reported?')).toEqual(['within', 'hours', 'immediately']);
  });

  it('reads looking something over as an inspection or a review', () => {
    expect(expandWithVocabulary('Nobody has looked at the trestles since')).toEqual(expect.arrayContaining(['inspection', 'bridges']));
    expect(expandWithVocabulary('Who has to look over the reports?')).toEqual(['review', 'inspect']);
    expect(expandWithVocabulary('Before the first train goes over the bridge')).toEqual(['bridge']);
  });
});

describe('dialect', () => {
  const candidates = dialectCandidates('Can a town stop the railroad sounding horns?');
  const lexemes = [
    { own: ['railroad'], terms: ['railway', 'compani'] },
    { own: ['horn'], terms: ['whistl'] },
    { own: ['town'], terms: ['municip'] },
  ];

  it("finds the words one jurisdiction's engineers use and another's regulations may not", () => {
    expect(candidates.map((c) => c.phrase)).toEqual(['railroad', 'horns', 'town']);
    expect(dialectCandidates('A trackside object').map((c) => c.terms)).toEqual([['track-side']]);
  });

  it("keeps a word's alternative only where the standard prefers it", () => {
    // A Canadian act: no "railroad", "horn" or "town"; "railway", "whistle" and "municipality".
    const canadian = new Map([
      ['railway', 150],
      ['compani', 85],
      ['whistl', 1],
      ['municip', 7],
    ]);
    expect(preferredWords(candidates, lexemes, (l) => canadian.get(l) ?? 0).map((c) => c.phrase)).toEqual(['railroad', 'horns', 'town']);
    // 49 CFR says "railroad" and "horn"; it uses "town" twice and "municipality" never.
    const cfr = new Map([
      ['railroad', 992],
      ['railway', 9],
      ['compani', 7],
      ['horn', 140],
      ['whistl', 6],
      ['town', 2],
    ]);
    expect(preferredWords(candidates, lexemes, (l) => cfr.get(l) ?? 0)).toEqual([]);
  });

  it('needs the alternative used at least five times as often as the word asked', () => {
    const tsi = (trackside: number) => new Map([['tracksid', trackside], ['track-sid', 58]]);
    const [candidate] = dialectCandidates('trackside equipment');
    const lexeme = [{ own: ['tracksid'], terms: ['track-sid'] }];
    expect(preferredWords([candidate!], lexeme, (l) => tsi(2).get(l) ?? 0)).toHaveLength(1);
    expect(preferredWords([candidate!], lexeme, (l) => tsi(20).get(l) ?? 0)).toHaveLength(0);
  });
});
