import { describe, expect, it } from 'vitest';
import { outsideRemit } from './remit';

describe('outsideRemit', () => {
  it('finds fares, wages, history, ridership and model railways, as the question writes them', () => {
    expect(outsideRemit('Can I get a refund on my ticket?').map((m) => m.text)).toEqual(['refund', 'ticket']);
    expect(outsideRemit('Typical salary for a signal maintainer?')[0]).toEqual({ text: 'salary', words: ['salary'] });
    expect(outsideRemit('Who invented the automatic air brake?')[0]?.text).toBe('invented');
    expect(outsideRemit('Which commuter railroad has the most daily riders?')[0]?.text).toBe('riders');
    expect(outsideRemit('Minimum curve radius for an HO scale layout?').map((m) => m.text)).toEqual(['HO scale', 'layout']);
  });

  it("finds other agencies' and bodies' rules by their names", () => {
    expect(outsideRemit('What does OSHA require, and does the STB care?').map((m) => m.text)).toEqual(['OSHA', 'STB']);
    expect(outsideRemit('Ballast depth per AREMA?')[0]).toEqual({ text: 'AREMA', words: ['arema'] });
  });

  it('finds rail safety rules of parts the library does not hold, by the names engineers give them', () => {
    expect(outsideRemit('Under the FRA freight car safety standards, is a cracked center sill a defect?')[0]?.text).toBe('freight car safety standards');
    expect(outsideRemit('Within how many hours after post-accident testing is triggered?')[0]?.text).toBe('post-accident testing');
    expect(outsideRemit('How often must engineer certification be renewed? And hours of service?').map((m) => m.text)).toEqual([
      'engineer certification',
      'hours of service',
    ]);
  });

  it('gives the words a clause would use, singular, and keeps a double s ("rail pass")', () => {
    expect(outsideRemit('Price of a rail pass? And freight rates?').map((m) => m.words[0])).toEqual(['price', 'rail pass', 'freight rate']);
  });

  it('finds nothing in a safety question', () => {
    expect(outsideRemit('What is the maximum speed for freight trains on class 3 track?')).toEqual([]);
    expect(outsideRemit('How long must we keep the first inspection records?')).toEqual([]);
  });
});
