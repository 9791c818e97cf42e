import { describe, expect, it } from 'vitest';
import { clauseTextFor, containsQuote, enclosingRefs, normaliseQuoteText, type LibraryClause } from './quotes';

const doc = { title: 'Part 999', edition: 'test' };
const library = (clauses: Omit<LibraryClause, 'document'>[]) => new Map(clauses.map((c) => [c.ref, { ...c, document: doc }]));

describe('quotes', () => {
  it('normalises quote marks, primes, dashes and white space the same on both sides', () => {
    expect(normaliseQuoteText('4′8″ —  “gage”\n  side')).toBe('4\'8" - "gage" side');
    expect(containsQuote('Class 4\nand 5', 'Class 4 and 5')).toBe(true);
    expect(containsQuote("calendar days' interval", 'calendar days’ interval')).toBe(true);
    expect(containsQuote('not more than 8 inches', 'not more than 9 inches')).toBe(false);
    expect(containsQuote('anything', '  ')).toBe(false);
  });

  it('finds a citation in its own clause or, narrowed to its paragraph, in the clause that holds it', () => {
    expect(enclosingRefs('213.109(b)(4)')).toEqual(['213.109(b)(4)', '213.109(b)', '213.109']);
    const clauses = library([
      { ref: '999.1', text: 'Intro.\n(a) First 10 feet.\n(1) One.\n(2) Two 3 inches.\n(b) Second 20 feet.' },
      { ref: '999.2(a)', text: '(a) Own clause 5 mph.' },
    ]);
    const a = clauseTextFor('999.1(a)', clauses);
    expect(a).toMatchObject({ found: true, clause: { ref: '999.1' }, text: '(a) First 10 feet.\n(1) One.\n(2) Two 3 inches.' });
    expect(clauseTextFor('999.1(a)(2)', clauses)).toMatchObject({ found: true, text: '(2) Two 3 inches.' });
    // The quote of (b) is not in (a): a paragraph's words are only found in that paragraph.
    expect(a.found && containsQuote(a.text, 'Second 20 feet')).toBe(false);
    expect(clauseTextFor('999.2(a)', clauses)).toMatchObject({ found: true, clause: { ref: '999.2(a)' } });
    expect(clauseTextFor('999.1(c)', clauses)).toEqual({ found: false, reason: 'paragraph (c) of 999.1(c) is not in clause 999.1 of the library' });
    expect(clauseTextFor('999.3', clauses)).toEqual({ found: false, reason: 'clause 999.3 is not in the library' });
  });
});
