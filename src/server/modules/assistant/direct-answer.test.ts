import { describe, expect, it } from 'vitest';
import { splitSentences } from './clause-sentences';
import { directAnswer, type DirectCandidate } from './direct-answer';
import { SPEEDS_213_9 } from './test/clauses';

// Clause texts as the bundled corpus holds them (standards/49-cfr/part-213.jsonl).

/** 213.63(a): the track classes are the columns. */
const SURFACE_213_63 = [
  '(a) Except as provided in paragraph (b) of this section, each track owner shall maintain the surface of its track within the limits prescribed in the following table:',
  'Class of track',
  'Track surface (inches)',
  '1 | 2 | 3 | 4 | 5',
  'The deviation from uniform profile on either rail at the mid-ordinate of a | 3 | 2 3/4 | 2 1/4 | 2 | 1 1/4',
  '62-foot chord may not be more than',
  'The deviation from zero crosslevel at any point on tangent or reverse | 3 | 2 | 1 3/4 | 1 1/4 | 1',
  'crosslevel elevation on curves may not be more than',
].join('\n');

const GAGE_213_53 = [
  '(a) Gage is measured between the heads of the rails at right-angles to the rails in a plane five-eighths of an inch below the top of the rail head.',
  '(b) Gage shall be within the limits prescribed in the following table—',
  'Class of track | The gage must be at least— | But not more than—',
  'Excepted track | N/A | 4′10 1/4″.',
  'Class 1 track | 4′8″ | 4′10″.',
  'Class 2 and 3 track | 4′8″ | 4′9 3/4″.',
  'Class 4 and 5 track | 4′8″ | 4′9 1/2″.',
].join('\n');

/** Candidates as the extractive answer builds them: a clause's sentences and rows, best first. */
function candidates(text: string, score: (sentence: string) => number = () => 1): DirectCandidate[] {
  return splitSentences(text)
    .map((s) => ({ text: s.text, row: s.row, score: score(s.text) }))
    .sort((a, b) => b.score - a.score);
}

const sentencesOnly = (text: string, score?: (sentence: string) => number) => candidates(text, score).filter((c) => !c.row);

describe('directAnswer from a table whose rows are track classes', () => {
  it('reads the named class in the named column', () => {
    const answer = directAnswer('What is the maximum speed for freight trains on class 3 track?', candidates(SPEEDS_213_9));
    expect(answer?.source.text).toBe('Class 3 track | 40 | 60');
    expect(answer?.line).toContain('Class 3 track');
    expect(answer?.line).toContain('freight');
    expect(answer?.line).toContain('40 mph');
    expect(answer?.line).not.toContain('60');
    expect(answer?.line).not.toContain('passenger');
  });

  it('reads the other column when the question names it', () => {
    const answer = directAnswer('Top speed for passenger trains on class 4 track?', candidates(SPEEDS_213_9));
    expect(answer?.source.text).toBe('Class 4 track | 60 | 80');
    expect(answer?.line).toContain('80 mph');
    expect(answer?.line).not.toContain('60');
  });

  it('reads every column when the question names the class but no column', () => {
    const answer = directAnswer('How fast can we run on class 3 track?', candidates(SPEEDS_213_9));
    expect(answer?.line).toContain('40 mph');
    expect(answer?.line).toContain('60 mph');
    expect(answer?.line).toContain('freight');
    expect(answer?.line).toContain('passenger');
  });

  it('takes the row of the named class even when another row scores higher', () => {
    const answer = directAnswer(
      'freight speed on class 2 track',
      candidates(SPEEDS_213_9, (s) => (s.startsWith('Class 5') ? 5 : 1)),
    );
    expect(answer?.source.text).toBe('Class 2 track | 25 | 30');
    expect(answer?.line).toContain('25 mph');
  });

  it('finds a class in a row label that names two classes', () => {
    const answer = directAnswer('What is allowed on class 2 track?', candidates(GAGE_213_53));
    expect(answer?.source.text).toBe('Class 2 and 3 track | 4′8″ | 4′9 3/4″.');
    expect(answer?.line).toContain('Class 2 and 3 track');
    expect(answer?.line).toContain('4′8″');
    expect(answer?.line).toContain('4′9 3/4″');
  });

  it("does not take the table's subject, which one heading happens to name, for a column", () => {
    const answer = directAnswer('What gage limits apply on class 3 track?', candidates(GAGE_213_53), 'Gage.');
    expect(answer?.line).toBe('Class 2 and 3 track — gage must be at least: 4′8″; not more than: 4′9 3/4″');
  });

  it('reads the column of the bound the question asks for', () => {
    expect(directAnswer('What is the widest gage allowed on class 3 track?', candidates(GAGE_213_53), 'Gage.')?.line).toBe(
      'Class 2 and 3 track — not more than: 4′9 3/4″',
    );
    expect(directAnswer('What is the narrowest gage allowed on class 1 track?', candidates(GAGE_213_53), 'Gage.')?.line).toBe(
      'Class 1 track — gage must be at least: 4′8″',
    );
  });
});

describe('directAnswer from a table whose columns are track classes', () => {
  const byRow = (s: string) => (s.includes('uniform profile') ? 3 : 1);

  it("reads the best row in the named class's column", () => {
    const answer = directAnswer('Maximum deviation from uniform profile on class 3 track?', candidates(SURFACE_213_63, byRow));
    expect(answer?.source.text).toContain('The deviation from uniform profile');
    expect(answer?.line).toContain('(Class 3)');
    expect(answer?.line).toMatch(/— 2 1\/4$/);
    expect(directAnswer('Maximum deviation from uniform profile on class 5 track?', candidates(SURFACE_213_63, byRow))?.line).toMatch(/\(Class 5\) — 1 1\/4$/);
  });

  it('reads a row whose wrapped label runs onto a line of its own (213.63 crosslevel)', () => {
    const byCrosslevel = (text: string) => (text.includes('zero crosslevel') ? 3 : 1);
    const answer = directAnswer('What is the maximum crosslevel deviation on tangent track for class 3 track?', candidates(SURFACE_213_63, byCrosslevel));
    // Its own wrapped line ends the test text, with no row after it, so the label stops at "reverse".
    expect(answer?.line).toBe('The deviation from zero crosslevel at any point on tangent or reverse (Class 3) — 1 3/4');
  });
});

describe('directAnswer without a table cell to read', () => {
  it('falls back to the best sentence that states a figure, with figures as digits and no designator', () => {
    const answer = directAnswer(
      'How is gage measured?',
      sentencesOnly(GAGE_213_53, (s) => (s.includes('measured') ? 3 : 1)),
    );
    expect(answer?.line).toBe(
      'Gage is measured between the heads of the rails at right-angles to the rails in a plane 5/8 inch below the top of the rail head.',
    );
    expect(answer?.source.text.startsWith('(a) ')).toBe(true);
  });

  it('skips a better sentence without a figure for one that states one', () => {
    const answer = directAnswer(
      'How long may a segment that fails class 1 keep running?',
      sentencesOnly(SPEEDS_213_9, (s) => (s.startsWith('(b)') ? 3 : s.startsWith('However') ? 2.5 : 1)),
    );
    expect(answer?.source.text.startsWith('However, if the segment of track')).toBe(true);
    expect(answer?.line).toContain('30 days');
  });

  it('takes a figure-bearing sentence only when it scores at least half of the best one', () => {
    const sentences = (figure: number) => [
      { text: 'Each track owner shall designate qualified persons to inspect track for defects.', score: 4 },
      { text: 'The record shall be retained for at least one year.', score: figure },
    ];
    expect(directAnswer('who inspects?', sentences(1.9))).toBeNull();
    const answer = directAnswer('who inspects?', sentences(2));
    expect(answer?.line).toBe('The record shall be retained for at least 1 year.');
  });

  it('returns null when no candidate states a figure', () => {
    expect(directAnswer('How is gage kept?', [{ text: '(b) Gage shall be within the limits prescribed in the following table—', score: 2 }])).toBeNull();
    expect(directAnswer('anything', [])).toBeNull();
  });

  it('does not count a reference to a section or paragraph as a figure', () => {
    const training =
      '(i) The track owner shall have in effect a comprehensive training program for the application of these written CWR procedures, with provisions for annual re-training, for those individuals designated under § 213.7(c) as qualified to supervise the installation, adjustment, and maintenance of CWR track and to perform inspections of CWR track.';
    expect(directAnswer('Who must be trained on CWR procedures?', [{ text: training, score: 5 }])).toBeNull();
    const paragraph =
      '(2) Under no circumstances should rail be added when the rail temperature is below that designated by paragraph (a)(1) of this section, without provisions for later adjustment.';
    expect(directAnswer('When may rail be added?', [{ text: paragraph, score: 5 }])).toBeNull();
  });

  it('counts a figure written out in words', () => {
    const answer = directAnswer('How many bolts at each CWR joint?', [
      { text: '(1) Each rail shall be bolted with at least two bolts at each CWR joint;', score: 2 },
    ]);
    expect(answer?.line).toBe('Each rail shall be bolted with at least 2 bolts at each CWR joint;');
  });

  it('does not open with a table row when the question names no class', () => {
    const row = candidates(SPEEDS_213_9).find((c) => c.text === 'Class 3 track | 40 | 60')!;
    expect(directAnswer('What is the speed limit?', [row])).toBeNull();
  });

  it('counts a decimal figure ("1.5 inches") as a figure, and a section number ("§ 213.7", "225.25") not', () => {
    expect(directAnswer('limit?', [{ text: 'The tread may not be worn more than 1.5 inches.', score: 1 }])?.line).toBe(
      'The tread may not be worn more than 1.5 inches.',
    );
    expect(directAnswer('limit?', [{ text: 'Reports are filed as required by 225.25 of this part.', score: 1 }])).toBeNull();
  });

  it('does not read a date ("After August 1, 1977, yard limits") as a figure', () => {
    const dated = { text: '(a) After August 1, 1977, yard limits must be designated by yard limit signs.', score: 2 };
    expect(directAnswer('What speed inside yard limits?', [dated])).toBeNull();
    const speed = { text: 'Trains within yard limits must move at a speed not exceeding 20 miles per hour.', score: 1 };
    expect(directAnswer('What speed inside yard limits?', [dated, speed])?.line).toBe(speed.text);
  });

  it('does not take a table of numbered examples for one by track class', () => {
    const table = ['Example | Side A | Side B', '1 | Working limits | None', '2 | Working limits | Watchman', '3 | None | None'].join('\n');
    expect(directAnswer('Can the gang keep working while a train passes at 25 mph?', candidates(table))?.line).not.toBe('It depends on the track class:');
  });

  it('opens with a lead-in and its list when the figure sits in the list', () => {
    const lead = 'A lead locomotive with inoperative sanders may continue in service until the earliest of the following occurrences:';
    const items = [
      { line: '(i) Arrival at the next initial terminal;', depth: 1 },
      { line: '(ii) Fourteen calendar days from the date the sanders are first discovered to be inoperative; and', depth: 1 },
    ];
    const answer = directAnswer('How long can the lead unit stay in service with dead sanders?', [{ text: lead, items, score: 3 }]);
    expect(answer?.line).toBe(
      `${lead} (i) Arrival at the next initial terminal; (ii) 14 calendar days from the date the sanders are first discovered to be inoperative.`,
    );
    // A list without a figure opens only a question that asks for a list.
    const options = [
      {
        text: 'The track owner shall, before expiration of the time limits—',
        items: [
          { line: '(1) Conduct a valid search;', depth: 1 },
          { line: '(2) Replace the rail.', depth: 1 },
        ],
        score: 3,
      },
    ];
    expect(directAnswer('What is required?', options)).toBeNull();
    expect(directAnswer('What are our options?', options)?.line).toBe(
      'The track owner shall, before expiration of the time limits— (1) Conduct a valid search; (2) Replace the rail.',
    );
  });

  it('leaves a long list to the quotes below the opening', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      line: `(${i + 1}) Each scaffold component shall support at least 4 times the maximum intended load applied to it;`,
      depth: 1,
    }));
    expect(directAnswer('What load must a scaffold carry?', [{ text: 'Scaffolding shall meet the following requirements:', items, score: 3 }])).toBeNull();
  });

  it('prefers a sentence giving the kind of figure asked for ("by when" → a time) over a better-matching one giving another', () => {
    const miles = { text: 'The notice covers movements of more than 20 miles.', score: 5 };
    const days = { text: 'The railroad shall send the notice to the employee within 45 days.', score: 4 };
    expect(directAnswer('By when must the employee get the notice?', [miles, days])?.line).toBe(days.text);
    expect(directAnswer('What does the notice cover?', [miles, days])?.line).toBe(miles.text);
    const yearly = { text: 'Each roadway worker shall be trained at least once every calendar year.', score: 3 };
    const hours = { text: 'The course takes no more than 8 hours.', score: 4 };
    expect(directAnswer('How often must roadway workers be trained?', [hours, yearly])?.line).toBe(yearly.text);
  });

  it('reads "at intervals that do not exceed 736 calendar days" as a frequency', () => {
    const pressure = { text: 'Each reservoir shall be tested at a pressure at least 25 percent more than the working pressure.', score: 5 };
    const intervals = { text: 'At intervals that do not exceed 736 calendar days, each reservoir shall be hammer tested.', score: 4 };
    expect(directAnswer('How often are reservoirs hammer tested?', [pressure, intervals])?.line).toBe(intervals.text);
  });
});
