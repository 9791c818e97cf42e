import { describe, expect, it } from 'vitest';
import { DerivationIndex } from './morphology';
import {
  clauseScore,
  compareSectionNumbers,
  EXACT_REF_BONUS,
  headingCoverage,
  MISSING_SUBJECT_FACTOR,
  NARROWER_SCOPE_FACTOR,
  narrowerScopes,
  rankSections,
  scopeFit,
  selectingTerms,
  subjectFit,
  subjectPhrases,
  termCounts,
  titleFit,
  type CorpusStats,
  type RankedClause,
  type RankingQuery,
  type SectionScope,
} from './ranking';

/** A small library's statistics: 100 clauses in 20 sections; "gage" in 10 clauses, "track" in 60, "frog" in 2. */
function stats(overrides: Partial<CorpusStats> = {}): CorpusStats {
  return {
    key: 't',
    checkedAt: 0,
    clauses: 100,
    averageLength: 20,
    documentFrequency: new Map([
      ['gage', 10],
      ['track', 60],
      ['frog', 2],
      ['guard', 5],
      ['check', 8],
    ]),
    sections: 20,
    averageSectionLength: 100,
    sectionLength: new Map(),
    sectionFrequency: new Map([
      ['gage', 3],
      ['track', 15],
      ['frog', 1],
      ['guard', 2],
      ['check', 2],
    ]),
    headingTerms: new Map([['213.143', ['frog', 'guard', 'check', 'gage']]]),
    headingFrequency: new Map([
      ['frog', 1],
      ['guard', 1],
      ['check', 1],
      ['gage', 2],
    ]),
    lowestClass: new Map([['213.323', 6]]),
    derivations: new DerivationIndex([]),
    ...overrides,
  };
}

const query = (words: string[], extra: Partial<RankingQuery> = {}): RankingQuery => ({ terms: new Map(words.map((w) => [w, 1])), phrases: [], ...extra });

function clause(section: string, score: number, id = `${section}-${score}`): RankedClause {
  return { id, standardCode: '49 CFR', ref: section, section, heading: section, subpart: null, text: '', disciplines: [], documentTitle: '', edition: '', score };
}

describe('termCounts', () => {
  it('reads heading (A) and body occurrences and positions of the query terms from a stored vector', () => {
    const counts = termCounts("'check':7 'frog':2A,9 'gage':3A 'guard':6", ['frog', 'gage', 'rail']);
    expect(counts.get('frog')).toEqual({ heading: 1, body: 1, positions: [2, 9] });
    expect(counts.get('gage')).toEqual({ heading: 1, body: 0, positions: [3] });
    expect(counts.has('rail')).toBe(false);
  });
});

describe('clauseScore', () => {
  const s = stats();
  it('weighs a rare term over a common one, and a heading word over a body word', () => {
    const rare = clauseScore(query(['frog', 'track']), s, { counts: termCounts("'frog':5", ['frog']), length: 20, disciplines: [] });
    const common = clauseScore(query(['frog', 'track']), s, { counts: termCounts("'track':5", ['track']), length: 20, disciplines: [] });
    expect(rare).toBeGreaterThan(common);
    const heading = clauseScore(query(['frog']), s, { counts: termCounts("'frog':1A", ['frog']), length: 20, disciplines: [] });
    expect(heading).toBeGreaterThan(rare);
  });

  it('adds a bonus for the question’s words side by side, and boosts the chosen discipline', () => {
    const counts = termCounts("'check':4 'guard':3", ['guard', 'check']);
    const apart = termCounts("'check':9 'guard':3", ['guard', 'check']);
    const asked = query(['guard', 'check'], { phrases: [['guard', 'check']] });
    expect(clauseScore(asked, s, { counts, length: 20, disciplines: [] })).toBeGreaterThan(clauseScore(asked, s, { counts: apart, length: 20, disciplines: [] }));
    const boosted = clauseScore({ ...asked, discipline: 'Track and Civil' }, s, { counts, length: 20, disciplines: ['Good Practices', 'Track and Civil'] });
    expect(boosted).toBeCloseTo(clauseScore(asked, s, { counts, length: 20, disciplines: [] }) * 1.6, 6);
  });
});

describe('selectingTerms', () => {
  it('selects candidates by the rarest terms, leaving out those in more than a fifth of the clauses', () => {
    const picked = selectingTerms(query(['track', 'gage', 'frog', 'unknown']).terms, stats());
    expect(picked.map((p) => p.term)).toEqual(['frog', 'gage']);
    expect(picked[0]!.weight).toBeGreaterThan(picked[1]!.weight);
  });

  it('falls back to the common terms when the question has no rare one', () => {
    expect(selectingTerms(query(['track']).terms, stats()).map((p) => p.term)).toEqual(['track']);
  });
});

describe('rankSections', () => {
  const context = { classes: [] as number[], exactIds: new Set<string>(), similarity: new Map<string, number>() };
  const counts = (vector: string, words: string[]) => termCounts(vector, words);

  it('adds clauses up to their section and ranks by the section’s words and its best clause', () => {
    const words = ['frog', 'guard', 'check'];
    const ranked = rankSections(
      [
        { clause: clause('213.143', 5, 'a'), counts: counts("'frog':1A 'guard':2A 'check':3A", words) },
        { clause: clause('213.143', 3, 'b'), counts: counts("'check':4", words) },
        { clause: clause('213.9', 6, 'c'), counts: counts("'frog':4", words) },
      ],
      query(words),
      stats(),
      context,
    );
    expect(ranked.map((s) => s.section)).toEqual(['213.143', '213.9']);
    expect(ranked[0]!.clauses.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('puts a typed ref first and ranks down a subpart for higher classes than the question names', () => {
    const words = ['gage'];
    const rows = [
      { clause: clause('213.53', 1, 'x'), counts: counts("'gage':1A", words) },
      { clause: clause('213.323', 1, 'y'), counts: counts("'gage':1A", words) },
      { clause: clause('213.9', 0.5, 'z'), counts: counts("'track':1", words) },
    ];
    const typed = rankSections(rows, query(words), stats(), { ...context, exactIds: new Set(['z']) });
    expect(typed[0]!.section).toBe('213.9');
    expect(typed[0]!.score).toBeGreaterThan(EXACT_REF_BONUS);
    const byClass = rankSections(rows, query(words), stats(), { ...context, classes: [3] });
    expect(byClass.findIndex((s) => s.section === '213.323')).toBeGreaterThan(byClass.findIndex((s) => s.section === '213.53'));
  });

  it('fuses in similarity of meaning when embeddings took part', () => {
    const words = ['gage'];
    const rows = [
      { clause: clause('213.53', 2, 'x'), counts: counts("'gage':1", words) },
      { clause: clause('213.55', 1.9, 'y'), counts: counts("'gage':1", words) },
    ];
    const fused = rankSections(rows, query(words), stats(), { ...context, similarity: new Map([['y', 0.9]]) });
    expect(fused[0]!.section).toBe('213.55');
    expect(fused[0]!.similarity).toBe(0.9);
  });
});

describe('narrowerScopes', () => {
  // Part 232 as the corpus has it: general subparts first, then ECP and tourist braking systems.
  const inspection = ['inspect', 'test', 'requir'];
  const ecp = ['electron', 'control', 'pneumat', 'ecp', 'brake', 'system'];
  const tourist = ['tourist', 'scenic', 'histor', 'excurs', 'oper', 'brake', 'system'];
  const scopes: SectionScope[] = [
    { section: '232.1', heading: 'Scope.', subpart: 'A — General', words: ['general'] },
    { section: '232.103', heading: 'General requirements for all train brake systems.', subpart: 'B — General Requirements', words: ['general', 'requir'] },
    { section: '232.203', heading: 'Training requirements.', subpart: 'C — Inspection and Testing Requirements', words: inspection },
    { section: '232.219', heading: 'Double-heading and helper service.', subpart: 'C — Inspection and Testing Requirements', words: inspection },
    { section: '232.605', heading: 'Training requirements.', subpart: 'G — Electronically Controlled Pneumatic (ECP) Braking Systems', words: ecp },
    { section: '232.609', heading: 'Handling of defective equipment with ECP brake systems.', subpart: 'G — Electronically Controlled Pneumatic (ECP) Braking Systems', words: ecp },
    { section: '232.701', heading: 'Power brakes; minimum percentage.', subpart: 'H — Tourist, Scenic, Historic, and Excursion Operations Braking Systems', words: tourist },
    { section: '232.715', heading: 'Double heading and helper service.', subpart: 'H — Tourist, Scenic, Historic, and Excursion Operations Braking Systems', words: tourist },
    { section: '213.31', heading: 'Scope.', subpart: 'B — Roadbed', words: ['roadb'] },
  ];
  const rare = (w: string) => ['ecp', 'pneumat', 'tourist', 'scenic', 'histor', 'excurs', 'roadb'].includes(w);

  it('marks every section of a later subpart that repeats an earlier one’s heading, by the rare words only its title has', () => {
    const narrower = narrowerScopes(scopes, rare);
    expect(narrower.get('232.715')?.sort()).toEqual(['excurs', 'histor', 'scenic', 'tourist']);
    expect(narrower.get('232.701')?.sort()).toEqual(['excurs', 'histor', 'scenic', 'tourist']);
    expect(narrower.get('232.609')?.sort()).toEqual(['ecp', 'pneumat']);
  });

  it('leaves the general rule, and headings other parts use too ("Scope."), alone', () => {
    const narrower = narrowerScopes(scopes, rare);
    for (const section of ['232.1', '232.103', '232.203', '232.219', '213.31']) expect(narrower.has(section)).toBe(false);
  });

  it('leaves a later subpart alone when the words only its title has are common in the library', () => {
    expect(narrowerScopes(scopes, () => false).size).toBe(0);
  });
});

describe('narrowerScopes in a document numbered without parts', () => {
  // The Railway Safety Management System Regulations, 2015: Part 2 restates Part 1 for local railway companies.
  const part1 = ['part', 'railway', 'compani', 'intern', 'audit'];
  const part2 = ['part', 'local', 'railway', 'compani', 'divis', 'main', 'track', 'oper', 'intern', 'audit'];
  const scopes: SectionScope[] = [
    { section: '30', heading: 'Scope and frequency', subpart: 'PART 1 Railway Companies / Internal Audit', words: part1, document: 'sms' },
    { section: '58', heading: 'Scope and frequency', subpart: 'PART 2 Local Railway Companies / DIVISION 1 Main Track Operations / Internal Audit', words: part2, document: 'sms' },
    { section: '9', heading: 'Safety policy', subpart: 'PART 1 Railway Companies / Safety Policy', words: part1, document: 'sms' },
  ];
  const rare = (w: string) => ['main', 'track', 'divis'].includes(w);

  it('groups parallel provisions by document and orders its sections by number (30 before 58)', () => {
    expect(narrowerScopes(scopes, rare).get('58')?.sort()).toEqual(['divis', 'main', 'track']);
    expect(narrowerScopes(scopes, rare).has('30')).toBe(false);
  });

  it('compares section numbers number by number', () => {
    const sorted = ['58', '232.219', '4.10', '30', '232.9', '4.2.1'].sort(compareSectionNumbers);
    expect(sorted).toEqual(['4.2.1', '4.10', '30', '58', '232.9', '232.219']);
  });
});

describe('titles of shared headings', () => {
  // Railway Safety Appliance Standards: "Dimensions" of a box car's and of a caboose's hand brake.
  const s = stats({
    sections: 600,
    headingTerms: new Map([
      ['112.2', ['dimens']],
      ['349.2', ['dimens']],
    ]),
    headingFrequency: new Map([['dimens', 120]]),
    titleTerms: new Map([
      ['112.2', ['dimens', 'box', 'hous', 'car', 'hand', 'brake']],
      ['349.2', ['dimens', 'caboos', 'car', 'platform', 'hand', 'brake']],
    ]),
    titleFrequency: new Map([
      ['dimens', 120],
      ['box', 150],
      ['hous', 150],
      ['car', 500],
      ['hand', 70],
      ['brake', 80],
      ['caboos', 95],
      ['platform', 200],
    ]),
    otherTitleWords: new Map([
      ['112.2', new Set(['caboos', 'platform'])],
      ['349.2', new Set(['box', 'hous'])],
    ]),
  });
  const asked = query(['size', 'brake', 'wheel', 'box', 'car', 'hand']).terms;

  it('counts the titles above a shared heading towards its coverage, never against it', () => {
    expect(headingCoverage(s, '112.2', asked)).toBeGreaterThan(headingCoverage(s, '349.2', asked));
    expect(headingCoverage(s, '349.2', query(['dimens']).terms)).toBe(1);
  });

  it('ranks down a section whose title lacks what the question names from another title and its text does not say', () => {
    const text = termCounts("'brake':1 'wheel':2", ['brake', 'wheel']);
    expect(titleFit(s, '349.2', asked, [text])).toBe(MISSING_SUBJECT_FACTOR);
    expect(titleFit(s, '112.2', asked, [text])).toBe(1);
    expect(titleFit(s, '349.2', asked, [termCounts("'box':1 'brake':2", ['box', 'brake'])])).toBe(1);
  });
});

describe('scopeFit', () => {
  const s = stats({ narrowerScope: new Map([['232.715', ['tourist', 'excurs']]]) });

  it('ranks down a section of a narrower subpart unless the question names its subject', () => {
    expect(scopeFit(s, '232.715', query(['helper', 'brake']).terms)).toBe(NARROWER_SCOPE_FACTOR);
    expect(scopeFit(s, '232.715', query(['helper', 'excurs']).terms)).toBe(1);
    expect(scopeFit(s, '232.219', query(['helper', 'brake']).terms)).toBe(1);
  });

  it('puts the general rule before its restatement for a narrower subject', () => {
    const words = ['helper', 'brake'];
    const rows = [
      { clause: clause('232.715', 1, 'h'), counts: termCounts("'helper':1A 'brake':2", words) },
      { clause: clause('232.219', 1, 'c'), counts: termCounts("'helper':1A 'brake':2", words) },
    ];
    const context = { classes: [] as number[], exactIds: new Set<string>(), similarity: new Map<string, number>() };
    expect(rankSections(rows, query(words), s, context)[0]!.section).toBe('232.219');
    const named = rankSections(rows, query([...words, 'tourist']), s, context);
    expect(named[0]!.score).toBeCloseTo(named[1]!.score, 9);
  });
});

describe('subject phrases', () => {
  // "Timing relays and timing devices." and "Time releases, timing relays and timing devices." hold "time relay";
  // "on-track safety" stands in many headings.
  const s = stats({
    headingPhrases: new Map([
      ['234.265', new Set(['time relay', 'time devic'])],
      ['236.109', new Set(['time releas', 'time relay', 'time devic'])],
    ]),
    headingPhraseFrequency: new Map([
      ['time relay', 2],
      ['time devic', 3],
      ['on-track safeti', 12],
    ]),
  });

  it('takes a phrase of the question that a few headings hold as the subject it names', () => {
    expect(subjectPhrases(s, [['time', 'relay'], ['relay', 'test']])).toEqual([['time', 'relay']]);
    expect(subjectPhrases(s, [['time', 'devic'], ['on-track', 'safeti']])).toEqual([]);
  });

  it('ranks down a section that never uses the subject, in its heading or its text', () => {
    const subject: [string, string][] = [['time', 'relay']];
    const words = ['time', 'relay'];
    expect(subjectFit(subject, [termCounts("'relay':1A,5 'time':9", words)])).toBe(MISSING_SUBJECT_FACTOR);
    expect(subjectFit(subject, [termCounts("'relay':1A", words), termCounts("'relay':4 'time':3", words)])).toBe(1);
    expect(subjectFit([], [termCounts("'relay':1A", words)])).toBe(1);
  });

  it('puts the section about the subject before a sibling that shares its words and more', () => {
    const words = ['time', 'relay', 'test', 'interv'];
    const rows = [
      { clause: clause('234.263', 10, 'r'), counts: termCounts("'relay':1A,6 'test':8 'interv':12 'time':20", words) },
      { clause: clause('234.265', 9.5, 't'), counts: termCounts("'time':1A 'relay':2A,7 'test':9", words) },
    ];
    const context = { classes: [] as number[], exactIds: new Set<string>(), similarity: new Map<string, number>() };
    expect(rankSections(rows, query(words), s, context)[0]!.section).toBe('234.263');
    expect(rankSections(rows, query(words, { phrases: [['time', 'relay']] }), s, context)[0]!.section).toBe('234.265');
  });
});
