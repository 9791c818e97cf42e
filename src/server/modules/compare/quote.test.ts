import { describe, expect, it } from 'vitest';
import { QUOTE_CHARS, quoteOf } from './quote';

describe('quoteOf', () => {
  it('quotes a short clause whole', () => {
    const text = '(a) Each gate arm and gate mechanism shall be inspected at least once each month.';
    expect(quoteOf(text, ['gate'])).toBe(text);
  });

  it('quotes a long clause by the passage holding most of the terms, word for word', () => {
    const filler = 'The railroad shall keep records of the tests it makes under this part. '.repeat(12);
    const text = `${filler}(c) Each flashing light unit shall be inspected at least once every twelve months for proper alignment. (d) Lamp voltage shall be tested when installed.`;
    const quote = quoteOf(text, ['flash', 'light', 'inspect']);
    expect(text).toContain(quote);
    expect(quote.startsWith('(c) Each flashing light unit')).toBe(true);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_CHARS);
  });

  it('cuts a single sentence longer than the limit at a word, still an exact excerpt', () => {
    const text = `Each ${'very '.repeat(300)}long sentence ends here.`;
    const quote = quoteOf(text, ['sentence']);
    expect(text).toContain(quote);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_CHARS);
    expect(quote.endsWith(' ')).toBe(false);
  });
});
