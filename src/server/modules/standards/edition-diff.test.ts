import { describe, expect, it } from 'vitest';
import { diffClauseWords, diffEditions, summariseClauseChanges, type DiffClause } from './edition-diff';

const clause = (ref: string, text: string, heading = 'Derails'): DiffClause => ({ ref, section: ref.replace(/\(.*$/, ''), heading, text });

/** A scratch edition pair: 4.1(a) changed, 4.2(a) removed, 4.3(a) added, 4.4(a) the same but for its line breaks. */
const rev1 = [
  clause('4.1(a)', '(a) Each derail shall be locked in the derailing position when cars are stored on the siding.'),
  clause('4.2(a)', '(a) Derails shall be painted yellow.'),
  clause('4.4(a)', '(a) Yard speed | 10 mph\nMain line | 40 mph', 'Speeds'),
];
const rev2 = [
  clause('4.1(a)', '(a) Each derail shall be locked and tagged in the derailing position whenever cars are stored on the siding.'),
  clause('4.3(a)', '(a) Derail signs shall be reflectorised.', 'Derail signs'),
  clause('4.4(a)', '(a) Yard speed | 10 mph  Main line | 40 mph', 'Speeds'),
];

describe('edition difference', () => {
  it('finds the clauses added, removed and changed, matched by ref, ignoring changes of spacing only', () => {
    expect(summariseClauseChanges(rev1, rev2)).toEqual({
      added: [{ ref: '4.3(a)', section: '4.3', heading: 'Derail signs' }],
      removed: [{ ref: '4.2(a)', section: '4.2', heading: 'Derails' }],
      changed: [{ ref: '4.1(a)', section: '4.1', heading: 'Derails' }],
      unchanged: 1,
    });
  });

  it('marks the words a changed clause lost and gained, keeping the rest as it was', () => {
    const words = diffClauseWords(rev1[0]!.text, rev2[0]!.text);
    expect(words).toEqual([
      { kind: 'same', text: '(a) Each derail shall be locked ' },
      { kind: 'added', text: 'and tagged ' },
      { kind: 'same', text: 'in the derailing position ' },
      { kind: 'removed', text: 'when' },
      { kind: 'added', text: 'whenever' },
      { kind: 'same', text: ' cars are stored on the siding.' },
    ]);
    // Reading only what is kept and added gives the new text; kept and removed, the old one.
    expect(words.filter((w) => w.kind !== 'removed').map((w) => w.text).join('')).toBe(rev2[0]!.text);
    expect(words.filter((w) => w.kind !== 'added').map((w) => w.text).join('')).toBe(rev1[0]!.text);
  });

  it('lists every difference in document order, a removed clause where it stood, and the whole text of added and removed ones', () => {
    const { clauses, unchanged } = diffEditions(rev1, rev2);
    expect(unchanged).toBe(1);
    expect(clauses.map((c) => [c.kind, c.ref])).toEqual([
      ['changed', '4.1(a)'],
      ['removed', '4.2(a)'],
      ['added', '4.3(a)'],
    ]);
    expect(clauses[1]).toMatchObject({ text: '(a) Derails shall be painted yellow.' });
    expect(clauses[2]).toMatchObject({ text: '(a) Derail signs shall be reflectorised.', heading: 'Derail signs' });
    expect(clauses[0]?.words?.some((w) => w.kind === 'added' && w.text.includes('tagged'))).toBe(true);
  });

  it('notes a changed heading, and puts a clause removed before any kept one first', () => {
    const before = [clause('1.1', '(a) Gone.'), clause('2.1', 'Same text.', 'Old heading')];
    const after = [clause('2.1', 'Same text.', 'New heading')];
    const { clauses } = diffEditions(before, after);
    expect(clauses).toEqual([
      { kind: 'removed', ref: '1.1', section: '1.1', heading: 'Derails', text: '(a) Gone.' },
      { kind: 'changed', ref: '2.1', section: '2.1', heading: 'New heading', previousHeading: 'Old heading', words: [{ kind: 'same', text: 'Same text.' }] },
    ]);
  });

  it('shows a clause rewritten beyond recognition as its old text removed and its new text added', () => {
    const old = Array.from({ length: 600 }, (_, i) => `old${i}`).join(' ');
    const now = Array.from({ length: 600 }, (_, i) => `new${i}`).join(' ');
    expect(diffClauseWords(old, now)).toEqual([
      { kind: 'removed', text: old },
      { kind: 'added', text: now },
    ]);
  });
});
