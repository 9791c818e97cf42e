import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { bundledCorpusDir, loadBundledCorpus } from '../../test/corpus';
import { openTestDatabase } from '../../test/database';
import type { SectionWords } from '../standards/search';
import { assessCoverage, covers, type Concept } from './coverage';
import { answerQuestion, type Answer } from './extractive-answer';
import { pinpointExists } from './pinpoint';

/** A concept as questionConcepts makes one; `index` is the word's place among the question's words. */
function concept(text: string, index: number, weight: number, extra: Partial<Concept> = {}): Concept {
  return { text, index, lexeme: text.toLowerCase(), alternates: [], weight, key: false, ...extra };
}

function section(lexemes: string[], text = ''): SectionWords {
  return { lexemes: new Set(lexemes), text };
}

describe('covers', () => {
  it('matches the word, a derivation of it, or the vocabulary\u2019s word for it', () => {
    const words = section(['move', 'tie', 'inspect']);
    const roots = new Set(['move', 'tie', 'inspect']);
    expect(covers(words, roots, concept('inspect', 0, 1))).toBe(true);
    expect(covers(words, roots, concept('movement', 0, 1))).toBe(true);
    expect(covers(words, roots, concept('inspector', 0, 1))).toBe(true);
    expect(covers(words, roots, concept('sleeper', 0, 1, { alternates: ['tie'] }))).toBe(true);
    expect(covers(words, roots, concept('sleeper', 0, 1))).toBe(false);
  });

  it('matches a foreign mention by its words in the text, at the start of a word', () => {
    const roots = new Set<string>();
    const tram = concept('tram', 0, 5, { lexeme: '', key: true, phrase: ['tram'] });
    expect(covers(section([], 'light rail and tram systems'), roots, tram)).toBe(true);
    expect(covers(section([], 'an ultramodern signal'), roots, tram)).toBe(false);
    const en = concept('EN 13848-5', 0, 5, { lexeme: '', key: true, phrase: ['en 13848-5'] });
    expect(covers(section([], 'measured as en 13848-5 prescribes'), roots, en)).toBe(true);
    expect(covers(section(['en', '13848'], 'track geometry'), roots, en)).toBe(false);
  });
});

describe('assessCoverage', () => {
  const contactWire = 'What contact wire height do we need for 25 kV overhead line equipment over a level crossing?';
  // Words: What(0) contact(1) wire(2) height(3) … kV(8) overhead(9) … level(14) crossing(15).
  const contactWireConcepts = [
    concept('contact', 1, 4),
    concept('wire', 2, 4),
    concept('height', 3, 3),
    concept('kV', 8, 8, { key: true }),
    concept('overhead', 9, 4),
    concept('level', 14, 2),
    concept('crossing', 15, 2),
  ];

  it('is not covered when a key concept is missing and the rest is little; names the missing phrases', () => {
    const result = assessCoverage(contactWire, contactWireConcepts, [section(['height', 'overhead', 'level', 'crossing'])]);
    expect(result.status).toBe('not_covered');
    expect(result.share).toBeCloseTo(11 / 27, 5);
    expect(result.confidence).toBe(0.41);
    // Adjacent words read as one phrase; a unit reads with its figure.
    expect(result.uncovered).toEqual(['contact wire', '25 kV']);
  });

  it('is partly covered when a key concept is missing but most of the weight is covered', () => {
    const concepts = [concept('speed', 3, 4), concept('freight', 5, 4), concept('BIM', 9, 3, { key: true })];
    const result = assessCoverage('What is the speed for freight and what BIM model?', concepts, [section(['speed', 'freight'])]);
    expect(result.status).toBe('partial');
    expect(result.confidence).toBe(0.73);
    expect(result.uncovered).toEqual(['BIM']);
  });

  it('with a place missing, divides partial from not covered at 0.6 of the weight', () => {
    const melbourne = concept('Melbourne', 9, 3, { lexeme: '', key: true, phrase: ['melbourne'] });
    const result = assessCoverage(
      'What is the speed for freight in Melbourne?',
      [concept('speed', 3, 4), concept('freight', 5, 1), melbourne],
      [section(['speed', 'freight'])],
    );
    expect(result.share).toBeCloseTo(5 / 8, 5);
    expect(result.status).toBe('partial');
    const less = assessCoverage('What is the speed in Melbourne?', [concept('speed', 3, 4), melbourne], [section(['speed'])]);
    expect(less.share).toBeCloseTo(4 / 7, 5);
    expect(less.status).toBe('not_covered');
  });

  it('with only an unknown acronym missing, divides partial from not covered at 0.45 of the weight', () => {
    const bim = concept('BIM', 9, 3, { key: true });
    const some = assessCoverage('What is the speed and what BIM model?', [concept('speed', 3, 4), bim], [section(['speed'])]);
    expect(some.share).toBeCloseTo(4 / 7, 5);
    expect(some.status).toBe('partial');
    const less = assessCoverage(
      'What is the speed for freight and what BIM model?',
      [concept('speed', 3, 2), concept('freight', 5, 2), bim],
      [section(['speed'])],
    );
    expect(less.share).toBeCloseTo(2 / 7, 5);
    expect(less.status).toBe('not_covered');
  });

  it('is partly covered without a key concept missing when less than half the weight is covered', () => {
    const concepts = [concept('thermite', 1, 5), concept('weld', 2, 4)];
    const result = assessCoverage('thermite weld inspection', concepts, [section(['weld'])]);
    expect(result.status).toBe('partial');
    expect(result.uncovered).toEqual(['thermite']);
  });

  it('is covered when the sections speak of every concept', () => {
    const concepts = [concept('field', 1, 4), concept('weld', 2, 4), concept('inspection', 4, 3)];
    const result = assessCoverage('field weld initial inspection', concepts, [section(['field', 'weld', 'inspect'])]);
    expect(result).toEqual({ status: 'covered', confidence: 1, share: 1, uncovered: [] });
  });

  it('is covered with a light word missing, and does not name it', () => {
    const concepts = [concept('weld', 1, 4), concept('inspection', 3, 4), concept('corridor', 6, 2)];
    const result = assessCoverage('weld and inspection on our corridor', concepts, [section(['weld', 'inspect'])]);
    expect(result.status).toBe('covered');
    expect(result.confidence).toBe(0.8);
    expect(result.uncovered).toEqual([]);
  });

  it('is not covered below 0.24 of the weight, key concept or not', () => {
    const concepts = [concept('maglev', 1, 8), concept('guideway', 2, 6), concept('curve', 5, 4)];
    const result = assessCoverage('maglev guideway minimum curve', concepts, [section(['curve'])]);
    expect(result.share).toBeCloseTo(4 / 18, 5);
    expect(result.status).toBe('not_covered');
    expect(result.uncovered).toEqual(['maglev guideway']);
  });

  it('is not covered when there is no section at all', () => {
    const result = assessCoverage('anything', [concept('speed', 0, 4)], []);
    expect(result.status).toBe('not_covered');
    expect(result.confidence).toBe(0);
  });

  it('covers a concept with any of the sections, not only the first', () => {
    const concepts = [concept('speed', 0, 4), concept('weld', 2, 4)];
    expect(assessCoverage('speed and weld', concepts, [section(['speed']), section(['weld'])]).status).toBe('covered');
  });

  it('names at most three missing phrases, the heaviest, in the order the question has them', () => {
    const concepts = [concept('alpha', 0, 4), concept('bravo', 2, 9), concept('charlie', 4, 5), concept('delta', 6, 6), concept('rail', 8, 20)];
    const result = assessCoverage('alpha x bravo x charlie x delta x rail', concepts, [section(['rail'])]);
    expect(result.uncovered).toEqual(['bravo', 'charlie', 'delta']);
  });

  it('does not name verb forms or light words as the missing concepts', () => {
    const concepts = [concept('reopening', 1, 6), concept('looked', 3, 6), concept('bridge', 5, 6), concept('thing', 7, 1)];
    const result = assessCoverage('after reopening we looked at the bridge thing', concepts, [section(['other'])]);
    expect(result.status).toBe('not_covered');
    expect(result.uncovered).toEqual(['bridge']);
  });

  it('with the thing a "what" question asks for missing, divides partial from not covered at 0.75 of the weight', () => {
    const concepts = [concept('torque', 1, 7, { focus: true }), concept('bolt', 4, 9), concept('joint', 5, 9)];
    const result = assessCoverage('What torque for the bolts of joint bars?', concepts, [section(['bolt', 'joint'])]);
    expect(result.share).toBeCloseTo(0.72);
    expect(result.status).toBe('not_covered');
    const heavier = [concept('torque', 1, 7, { focus: true }), concept('bolt', 4, 12), concept('joint', 5, 12)];
    expect(assessCoverage('What torque for the bolts of joint bars?', heavier, [section(['bolt', 'joint'])]).status).toBe('partial');
    expect(result.uncovered).toEqual(['torque']);
    const covered = assessCoverage('What torque for the bolts of joint bars?', concepts, [section(['bolt', 'joint', 'torque'])]);
    expect(covered.status).toBe('covered');
  });

  it('reads a foreign mention as the question writes it', () => {
    const concepts = [concept('speed', 2, 4), concept('Melbourne', 5, 8, { lexeme: '', key: true, phrase: ['melbourne'] })];
    const result = assessCoverage('What is the speed for a Melbourne tram?', concepts, [section(['speed'], 'classes of track: operating speed limits')]);
    expect(result.status).toBe('not_covered');
    expect(result.uncovered).toEqual(['Melbourne']);
  });
});

/** Every clause of the bundled library, by ref. */
function libraryClauses(): Map<string, { section: string; text: string }> {
  const clauses = new Map<string, { section: string; text: string }>();
  for (const file of readdirSync(bundledCorpusDir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(path.join(bundledCorpusDir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { ref: string; section: string; text: string };
      clauses.set(row.ref, { section: row.section, text: row.text });
    }
  }
  return clauses;
}

describe('coverage decisions end to end over the bundled 49 CFR corpus', () => {
  let database: Database;
  const library = libraryClauses();
  const ask = (question: string) => answerQuestion(database.db, { standardCode: '49 CFR', standardName: '49 CFR', question });
  const DECLINED = "I couldn't find a clause in 49 CFR that addresses";

  beforeAll(async () => {
    database = await openTestDatabase();
    await loadBundledCorpus(database.db);
  }, 180_000);
  afterAll(() => database.close());

  const FREIGHT_CLASS_3 = 'What is the maximum speed for freight trains on class 3 track?';
  const CONTACT_WIRE = 'What contact wire height do we need for 25 kV overhead line equipment over a level crossing?';
  const MAGLEV = 'What minimum curve radius does a maglev guideway need at 400 km/h?';
  const MELBOURNE_TRAM = 'What is the maximum speed for a Melbourne tram on street track?';
  const UK_METRO = 'On a UK metro, how often must track be inspected?';
  const THERMITE = "We just made thermite field welds joining CWR strings on our class 6 corridor. What's the window for their initial inspection?";
  const PHASED_ARRAY = 'Within how many days must field welds joining CWR strings be inspected, given our ultrasonic phased-array rig?';

  it('answers a covered question with the figure first, pinpointed', async () => {
    const answer = await ask(FREIGHT_CLASS_3);
    expect(answer.coverage.status).toBe('covered');
    const first = answer.response.split('\n')[0]!;
    expect(first).toContain('40 mph');
    expect(first).toContain('[49 CFR 213.9(a)]');
    expect(answer.citations.map((c) => c.section)).toContain('213.9');
    expect(answer.coverage.uncovered).toEqual([]);
  });

  it('declines a question about overhead line equipment and names what is missing', async () => {
    const answer = await ask(CONTACT_WIRE);
    expect(answer.coverage.status).toBe('not_covered');
    expect(answer.citations).toEqual([]);
    expect(answer.response.startsWith(DECLINED)).toBe(true);
    expect(answer.coverage.uncovered).toContain('25 kV');
    expect(answer.response.split('\n')[0]).toContain('25 kV');
  });

  it('declines a maglev question and names the maglev guideway', async () => {
    const answer = await ask(MAGLEV);
    expect(answer.coverage.status).toBe('not_covered');
    expect(answer.citations).toEqual([]);
    expect(answer.response.startsWith(DECLINED)).toBe(true);
    expect(answer.response.split('\n')[0]).toMatch(/maglev/i);
    // Related sections may be named, but as such and not as citations.
    expect(answer.response).not.toMatch(/\[49 CFR [^\]]+\]/);
  });

  it.each([MELBOURNE_TRAM, UK_METRO])('declines a question about another jurisdiction: %s', async (question) => {
    const answer = await ask(question);
    expect(answer.coverage.status).toBe('not_covered');
    expect(answer.citations).toEqual([]);
    expect(answer.response.startsWith(DECLINED)).toBe(true);
    expect(answer.response.split('\n')[0]).toMatch(question === UK_METRO ? /UK/ : /Melbourne/);
  });

  it('answers the field-weld question from 213.341 although it names things the library does not', async () => {
    const answer = await ask(THERMITE);
    expect(['partial', 'covered']).toContain(answer.coverage.status);
    expect(answer.response.startsWith(DECLINED)).toBe(false);
    expect(answer.citations.map((c) => c.section)).toContain('213.341');
    const first = answer.response.split('\n')[0]!;
    expect(first).toContain('30 days');
    expect(first).toContain('[49 CFR 213.341(d)]');
  });

  it.each([
    // Whether something is allowed is what every clause answers; "mph" is how crews write miles per hour.
    ['Legally, do we even need a radio in the cab if our trains never go over 20 mph, and when does it become mandatory?', '220.9'],
    // Crew talk for equipment failing en route, and railroad program names for the regulation's.
    ['Rear-end marker quit out on the road and we have no spare. Can we keep going?', '221.17'],
    ['How long must we keep efficiency test records?', '217.9'],
    ['A towboat pushing barges hit a pier of our river bridge. What do the bridge rules require?', '237.105'],
    // "max" frames what is asked; "4-degree" belongs to its figure; "versus" is no topic.
    ['What is the max distance between pipe carriers for interlocking pipe lines on a 4-degree curve versus tangent track?', '236.17'],
    // Whether it is "a violation" is what every rule answers; wiring is the regulation's circuits.
    ["How much current to ground on the wiring of a crossing's lights and gates is a violation?", '234.213'],
  ])('does not decline field talk the regulation words otherwise: %s', async (question, section) => {
    const answer = await ask(question);
    expect(answer.coverage.status).not.toBe('not_covered');
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.ranked.slice(0, 5).map((s) => s.section)).toContain(section);
  });

  it.each([
    ['What torque should we tighten 1-1/8 inch track bolts to on 136RE joint bars?', /torque/],
    ['Who invented the automatic air brake, and when?', /invented/],
    ['Can I get a refund on my Amtrak ticket if the train arrives an hour late?', /refund|ticket/],
  ])('declines what the regulation does not govern, however railway it sounds: %s', async (question, named) => {
    const answer = await ask(question);
    expect(answer.coverage.status).toBe('not_covered');
    expect(answer.citations).toEqual([]);
    expect(answer.response.split('\n')[0]).toMatch(named);
  });

  it('reads a unit after a figure and a model number as part of the figure, not as a concept nobody covers', async () => {
    const answer = await ask('A rock shattered the side cab window on our 1972-built GP38 in road service. How long before it must be fixed?');
    expect(answer.coverage.status).not.toBe('not_covered');
    expect(answer.coverage.uncovered).not.toContain('GP');
    const speed = await ask('Lone inspector on a 60 mph main: how far must he be able to see an approaching train?');
    expect(speed.coverage.uncovered).not.toContain('mph');
  });

  it("declines what another agency's rules govern (EPA, OSHA, the STB)", async () => {
    const answer = await ask('EPA noise limit for hump yard retarders at the property line?');
    expect(answer.coverage.status).toBe('not_covered');
    expect(answer.response.split('\n')[0]).toContain('EPA');
  });

  it('does not take a framing word ("what features", "what is the deadline") for the thing asked', async () => {
    const answer = await ask("On an electric locomotive, what safety features are required for the pantograph when it's lowered?");
    expect(answer.coverage.status).not.toBe('not_covered');
    expect(answer.citations.map((c) => c.section)).toContain('229.77');
  });

  it('opens with the paragraph about the thing asked, not the one that repeats the words the vocabulary gave for another', async () => {
    // "tamper" → "roadway maintenance machine" (three words for one) must not outweigh "seat".
    const answer = await ask("Tamper operator's seat broke during the shift. How long to fix it?");
    const first = answer.response.split('\n')[0]!;
    expect(first).toContain('24 hours');
    expect(first).toContain('[49 CFR 214.527(c)(5)]');
  });

  it('answers a question for a kind of figure from the sibling section that states it', async () => {
    const answer = await ask('How frequently must roadway workers be given on-track safety training?');
    expect(answer.ranked[0]!.section).toBe('214.343');
    expect(answer.citations.map((c) => c.section)).toContain('214.343');
    expect(answer.response.split('\n')[0]).toMatch(/once every calendar year/);
  });

  it('says what it does not address when a question is partly covered', async () => {
    const answer = await ask(PHASED_ARRAY);
    expect(answer.coverage.status).toBe('partial');
    expect(answer.coverage.uncovered.length).toBeGreaterThan(0);
    expect(answer.citations.map((c) => c.section)).toContain('213.341');
    expect(answer.response).toContain(`The clauses found in 49 CFR do not address ${answer.coverage.uncovered.join(' or ')}. What they do say:`);
    expect(answer.response).toContain('[49 CFR 213.341(d)]');
  });

  it('never cites a clause or paragraph the library does not hold', async () => {
    const questions = [
      FREIGHT_CLASS_3,
      CONTACT_WIRE,
      MAGLEV,
      MELBOURNE_TRAM,
      UK_METRO,
      THERMITE,
      PHASED_ARRAY,
      "what's the widest gage we can have on class 3 track before it counts as a defect?",
    ];
    const answers: Answer[] = [];
    for (const question of questions) answers.push(await ask(question));
    let labels = 0;
    for (const answer of answers) {
      for (const citation of answer.citations) {
        expect(library.get(citation.ref)?.section, citation.ref).toBe(citation.section);
        if (citation.pinpoint) expect(pinpointExists(citation.ref, library.get(citation.ref)!.text, citation.pinpoint), citation.pinpoint).toBe(true);
      }
      // Every bracketed citation in the text names a clause, or a paragraph one of its clauses designates.
      for (const [, label] of answer.response.matchAll(/\[49 CFR ([^\]]+)\]/g)) {
        labels++;
        const held = [...library.entries()].some(([ref, clause]) => label!.startsWith(clause.section) && pinpointExists(ref, clause.text, label!));
        expect(held, label).toBe(true);
      }
    }
    expect(labels).toBeGreaterThan(5);
  });
});
