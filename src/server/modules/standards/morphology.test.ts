import { describe, expect, it } from 'vitest';
import { DerivationIndex, derivationalRoot } from './morphology';

describe('derivationalRoot', () => {
  it.each([
    ['move', 'movement'],
    ['design', 'designat'],
    ['design', 'designation'],
    ['report', 'reportabl'],
    ['inspect', 'inspector'],
    ['inspect', 'inspection'],
    ['operation', 'operational'],
    ['oper', 'operat'],
    ['accur', 'accuraci'],
    // A verb and its noun in -ure: a system "failed" where the regulation heads its section "failure".
    ['fail', 'failur'],
    ['close', 'closur'],
    ['depart', 'departur'],
  ])('joins the Snowball lexemes %s and %s', (a, b) => {
    expect(derivationalRoot(a)).toBe(derivationalRoot(b));
  });

  it('reduces derivations to the root they share', () => {
    expect(derivationalRoot('movement')).toBe('move');
    expect(derivationalRoot('reportabl')).toBe('report');
    expect(derivationalRoot('inspector')).toBe('inspect');
    expect(derivationalRoot('designat')).toBe('design');
  });

  it('keeps words apart that only look like a root and an ending', () => {
    expect(derivationalRoot('signal')).not.toBe(derivationalRoot('sign'));
    expect(derivationalRoot('station')).not.toBe(derivationalRoot('stat'));
    expect(derivationalRoot('signal')).toBe('signal');
    expect(derivationalRoot('station')).toBe('station');
    // -ure needs a root of four letters: "natur" and "futur" stay whole.
    expect(derivationalRoot('natur')).toBe('natur');
    expect(derivationalRoot('futur')).toBe('futur');
  });

  it('leaves short and plain lexemes as they are', () => {
    for (const lexeme of ['rail', 'gage', 'tie', 'track', 'weld', 'bolt']) expect(derivationalRoot(lexeme)).toBe(lexeme);
  });

  it('leaves lexemes that are not plain lower-case words untouched', () => {
    expect(derivationalRoot('213.9')).toBe('213.9');
    expect(derivationalRoot('co2')).toBe('co2');
    expect(derivationalRoot('hi-rail')).toBe('hi-rail');
  });
});

describe('DerivationIndex', () => {
  const index = new DerivationIndex(['move', 'movement', 'signal', 'sign', 'report', 'reportabl', 'inspect', 'inspector', 'track']);

  it("finds the library's derivations of a word, itself excluded", () => {
    expect(index.relatives('move')).toEqual(['movement']);
    expect(index.relatives('movement')).toEqual(['move']);
    expect(index.relatives('reportabl')).toEqual(['report']);
    expect(index.relatives('inspector')).toEqual(['inspect']);
  });

  it('finds relatives for a word the library does not hold itself', () => {
    expect(index.relatives('inspection').sort()).toEqual(['inspect', 'inspector']);
  });

  it('reads a word for doing a thing again as the thing, when the library lacks the word itself', () => {
    expect(index.relatives('reinspect').sort()).toEqual(['inspect', 'inspector']);
    const library = new DerivationIndex(['qualif', 'qualifi', 'repair', 'pair', 'report', 'port']);
    expect(library.relatives('requalifi').sort()).toEqual(['qualif', 'qualifi']);
    // Known words and short ones keep their own meaning.
    expect(library.relatives('repair')).toEqual([]);
    expect(library.relatives('report')).toEqual([]);
  });

  it('does not relate words the roots keep apart, nor unknown words', () => {
    expect(index.relatives('signal')).toEqual([]);
    expect(index.relatives('sign')).toEqual([]);
    expect(index.relatives('track')).toEqual([]);
    expect(index.relatives('ballast')).toEqual([]);
  });
});
