import { describe, expect, it } from 'vitest';
import { foreignMentions, homePlaceWords } from './jurisdictions';

const texts = (question: string, jurisdiction: string | null) => foreignMentions(question, jurisdiction).map((m) => m.text);

describe('foreignMentions', () => {
  it('reports a foreign city and a kind of railway the standard does not govern', () => {
    const mentions = foreignMentions('What is the maximum speed for a Melbourne tram on street track?', 'United States');
    expect(mentions.map((m) => m.text)).toEqual(['melbourne', 'tram']);
    expect(mentions.find((m) => m.text === 'tram')?.words).toEqual(['tram']);
  });

  it('reports a UK metro as a place and a kind of railway', () => {
    const mentions = foreignMentions('On a UK metro, how often must track be inspected?', 'United States');
    expect(mentions).toEqual([
      { text: 'UK', words: ['uk'] },
      { text: 'metro', words: ['metro'] },
    ]);
  });

  it('reports other bodies\u2019 standards by code and number', () => {
    expect(texts('Does EN 13848-5 apply, or ISO 19650, or UIC 406?', 'United States')).toEqual(['EN 13848-5', 'ISO 19650', 'UIC 406']);
    expect(foreignMentions('Is NFPA 130 tunnel ventilation required?', 'United States')).toEqual([{ text: 'NFPA 130', words: ['nfpa 130'] }]);
  });

  it('matches a standard code only in upper case', () => {
    expect(texts('Our iso 9001 audit asks about track inspections', 'United States')).toEqual([]);
  });

  it('matches short place codes only as upper-case words', () => {
    expect(texts('Is the bulk load limit on class 3 track ok?', 'United States')).toEqual([]);
    expect(texts('What do eu rules say about tie spacing?', 'United States')).toEqual([]);
    expect(texts('What does the EU require for tie spacing?', 'United States')).toEqual(['EU']);
    expect(texts('the era of jointed rail', null)).toEqual([]);
    expect(texts('under the ERA rules', null)).toEqual(['ERA']);
  });

  it('matches names as whole words, not inside longer words', () => {
    expect(texts('How are crossings in a metropolitan area protected?', 'United States')).toEqual([]);
    expect(texts('Which switches on englishtown yard need inspection?', 'United States')).toEqual([]);
  });

  it('does not report a place inside the standard\u2019s own jurisdiction', () => {
    expect(texts('What track gauge does Melbourne use?', 'Victoria, Australia')).toEqual([]);
    // The place is home; the kind of railway still needs a clause that names it.
    expect(texts('Melbourne tram speed limits', 'Victoria, Australia')).toEqual(['tram']);
    expect(texts('Does Network Rail require this?', 'United Kingdom')).toEqual([]);
    expect(texts('Does Network Rail require this?', 'United States')).toEqual(['network rail']);
  });

  it('reports every foreign place when the jurisdiction is unknown', () => {
    expect(texts('Sydney or Toronto practice for rail grinding?', null)).toEqual(['sydney', 'toronto']);
  });

  it('finds nothing in an ordinary question about the standard', () => {
    expect(foreignMentions('What is the maximum speed for freight trains on class 3 track?', 'United States')).toEqual([]);
  });

  it('reports CBTC only as the acronym and a subway by name', () => {
    expect(texts('Is CBTC signalling covered?', 'United States')).toEqual(['CBTC']);
    expect(texts('Is cbtc signalling covered?', 'United States')).toEqual([]);
    expect(texts('What about a subway in New York?', 'United States')).toEqual(['subway']);
  });

  it('reads a longer name before the shorter one inside it: British Columbia is Canada, New South Wales is Australia', () => {
    expect(texts('Crossing rules in British Columbia?', 'United States')).toEqual(['british columbia']);
    expect(texts('Crossing rules in British Columbia?', 'Canada')).toEqual([]);
    expect(texts('What does New South Wales require?', 'United Kingdom')).toEqual(['new south wales']);
    expect(texts('What does Wales require?', 'United Kingdom')).toEqual([]);
  });

  it('reads the United States and its bodies as foreign to a Canadian or EU standard, and Canada to 49 CFR', () => {
    expect(texts('What does the FRA require for quiet zones in the United States?', 'Canada')).toEqual(['united states', 'FRA']);
    expect(texts('What does the FRA require for quiet zones in the United States?', 'United States')).toEqual([]);
    expect(texts('What sightlines does Canada require at a grade crossing?', 'United States')).toEqual(['canada']);
    expect(texts('What does Transport Canada require?', 'European Union')).toEqual(['transport canada']);
    expect(texts('Is ETCS or GSM-R required?', 'United States')).toEqual(['etcs']);
    expect(texts('Is ETCS or GSM-R required?', 'European Union')).toEqual([]);
  });
});

describe('homePlaceWords', () => {
  it("names the places of the standard's own jurisdiction a question names, not its bodies", () => {
    expect(homePlaceWords('When must we phone Transport Canada about an accident in Ontario?', 'Canada')).toEqual(['transport canada', 'ontario']);
    expect(homePlaceWords('A ticket from Toronto to Montreal?', 'Canada')).toEqual(['toronto', 'montreal']);
    expect(homePlaceWords('What sightlines does Canada require?', 'United States')).toEqual([]);
    expect(homePlaceWords('Which FRA form, here in the US?', 'United States')).toEqual(['us']);
    expect(homePlaceWords('What does the EU say about ETCS?', 'European Union')).toEqual(['eu']);
  });
});
