import { describe, expect, it } from 'vitest';
import { withDigits } from './number-words';

describe('withDigits', () => {
  it('writes fractions of a unit as a figure and drops "of an"', () => {
    expect(withDigits('three-eighths of an inch')).toBe('3/8 inch');
    expect(withDigits('in a plane five-eighths of an inch below the top of the rail head')).toBe('in a plane 5/8 inch below the top of the rail head');
    expect(withDigits('one-half mile along the length of railroad right-of-way')).toBe('1/2 mile along the length of railroad right-of-way');
    expect(withDigits('a third of an inch')).toBe('1/3 inch');
  });

  it('writes a whole number and a fraction as a mixed figure', () => {
    expect(withDigits('one and one-half inches')).toBe('1 1/2 inches');
    expect(withDigits('not more than two and three-quarters inches')).toBe('not more than 2 3/4 inches');
  });

  it('writes compound and simple cardinals that count a measure', () => {
    expect(withDigits('twenty-four hours')).toBe('24 hours');
    expect(withDigits('Twenty-four hours')).toBe('24 hours');
    expect(withDigits('sixty-two feet')).toBe('62 feet');
    expect(withDigits('forty five days')).toBe('45 days');
    expect(withDigits('within seven calendar days')).toBe('within 7 calendar days');
    expect(withDigits('not less than one day and not more than 30 days')).toBe('not less than 1 day and not more than 30 days');
  });

  it('writes a count of things the regulations count', () => {
    expect(withDigits('at least one bolt')).toBe('at least 1 bolt');
    expect(withDigits('bolted with at least two bolts at each CWR joint')).toBe('bolted with at least 2 bolts at each CWR joint');
    expect(withDigits('retained for at least one year')).toBe('retained for at least 1 year');
  });

  it('leaves "one" alone where it is not a figure', () => {
    expect(withDigits('the one thing')).toBe('the one thing');
    expect(withDigits('no one')).toBe('no one');
    expect(withDigits('one of the rails')).toBe('one of the rails');
    // A count of something that is not a measure stays in words.
    expect(withDigits('by seven low joints')).toBe('by seven low joints');
    expect(withDigits('once a week')).toBe('once a week');
  });

  it('leaves digits and prose without figures unchanged', () => {
    const text = 'operations may continue at Class 1 speeds for a period of not more than 30 days';
    expect(withDigits(text)).toBe(text);
    expect(withDigits('Gage is measured between the heads of the rails.')).toBe('Gage is measured between the heads of the rails.');
  });

  it('does not read parts of longer words as numbers', () => {
    expect(withDigits('someone tends the tension of often-used lines')).toBe('someone tends the tension of often-used lines');
    expect(withDigits('a networked crossing')).toBe('a networked crossing');
  });
});
