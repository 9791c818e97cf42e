import { describe, expect, it } from 'vitest';
import type { RankedSection } from '../standards/search';
import { ASKED_FIGURE_SHARE, sectionStatingAskedFigure, statesAskedFigure, type RerankQuery } from './figure-rerank';

/** A library of 1,000 clauses: "roadway" and "on-track" in few, "train" and "brake" in many. */
const frequency: Record<string, number> = {
  roadway: 60,
  'on-track': 50,
  worker: 80,
  train: 400,
  safeti: 300,
  often: 10,
  car: 90,
  brake: 200,
  air: 120,
  share: 3,
};
const query = (words: string[]): RerankQuery => ({
  terms: new Map(words.map((w) => [w, 1])),
  documentFrequency: (lexeme) => frequency[lexeme] ?? 0,
  clauseCount: 1000,
});

function section(id: string, score: number, text: string, similarity?: number): RankedSection {
  const clause = {
    id,
    standardCode: '49 CFR',
    ref: id,
    section: id,
    heading: id,
    subpart: null,
    text,
    disciplines: [],
    documentTitle: '',
    edition: '',
    score,
  };
  return { section: id, heading: id, score, clauses: [clause], ...(similarity !== undefined ? { similarity } : {}) };
}

const TRAINING = 'How often do our roadway workers need on-track safety training?';
const trainingTerms = query(['often', 'roadway', 'worker', 'on-track', 'safeti', 'train']);
/** 214.345: what the training covers, in the question's words, with no interval. */
const CONTENTS = section(
  '214.345',
  48,
  'The training of all roadway workers shall include, as a minimum, the following:\n(a) On-track safety rules and procedures;',
);
/** 214.343: the interval. */
const INTERVAL = section(
  '214.343',
  47,
  '(b) Each employer shall provide to all roadway workers in its employ initial or recurrent training once every calendar year on the on-track safety rules.',
);

describe('statesAskedFigure', () => {
  it('takes a line giving the kind of figure asked about one of the question’s distinctive words', () => {
    expect(statesAskedFigure(TRAINING, INTERVAL.clauses[0]!.text, trainingTerms)).toBe(true);
    // The right kind of figure about something the question does not name.
    expect(statesAskedFigure(TRAINING, 'Each train shall be inspected once every calendar year.', trainingTerms)).toBe(false);
    // No figure of the kind asked.
    expect(statesAskedFigure(TRAINING, CONTENTS.clauses[0]!.text, trainingTerms)).toBe(false);
  });

  it('takes a share only as a share of what the question names', () => {
    const question = 'En route, what is the minimum share of cars with working air brakes?';
    const terms = query(['share', 'car', 'air', 'brake', 'train']);
    expect(statesAskedFigure(question, 'A train shall not move if less than 85 percent of the cars in that train have operative brakes.', terms)).toBe(true);
    expect(statesAskedFigure(question, 'A Class I brake test must be conducted to ensure 100 percent effective and operative brakes.', terms)).toBe(false);
  });

  it('reads figures written in words', () => {
    expect(statesAskedFigure('How long must roadway workers keep the records?', 'Roadway workers shall keep them for five years.', query(['roadway']))).toBe(
      true,
    );
  });
});

describe('sectionStatingAskedFigure', () => {
  it('answers from a near runner-up that states the figure when the first states none', () => {
    expect(sectionStatingAskedFigure(TRAINING, [CONTENTS, INTERVAL], trainingTerms)).toBe(INTERVAL);
  });

  it('keeps the first when it states a figure of the kind asked, or the runner-up scores too little', () => {
    const first = section('214.343', 48, 'Refresher training shall be given once every two years.');
    expect(sectionStatingAskedFigure(TRAINING, [first, INTERVAL], trainingTerms)).toBe(first);
    const far = { ...INTERVAL, score: CONTENTS.score * ASKED_FIGURE_SHARE - 1 };
    expect(sectionStatingAskedFigure(TRAINING, [CONTENTS, far], trainingTerms)).toBe(CONTENTS);
  });

  it('keeps a first section whose table gives the figures, their unit in its headings', () => {
    const question = 'What is the maximum speed for freight trains on class 3 track?';
    const terms = query(['maximum', 'speed', 'freight', 'train', 'class', 'track']);
    const table = section(
      '213.9',
      40,
      'Over track that meets all of the requirements prescribed in this part for— | freight | passenger\nClass 3 track | 40 | 60',
    );
    const other = section(
      '220.9',
      38,
      'Any train in joint operations on track with a maximum authorized speed of 25 miles per hour or less shall have working radios.',
    );
    expect(sectionStatingAskedFigure(question, [table, other], terms)).toBe(table);
  });

  it('keeps retrieval’s order for a question that asks no kind of figure, and when similarity was fused in', () => {
    expect(sectionStatingAskedFigure('What must on-track safety training for roadway workers cover?', [CONTENTS, INTERVAL], trainingTerms)).toBe(CONTENTS);
    const fused = [section('214.345', 48, CONTENTS.clauses[0]!.text, 0.8), INTERVAL];
    expect(sectionStatingAskedFigure(TRAINING, fused, trainingTerms)).toBe(fused[0]);
  });
});
