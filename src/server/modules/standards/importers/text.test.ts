import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPLIT_ABOVE_CHARS } from './paragraphs';
import { parseText } from './text';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('parseText', () => {
  it('turns numbered headings into sections and (a)/(1)/(i) paragraphs into clauses', () => {
    const [doc] = parseText(fixture('track-standard.txt'), { fileName: 'track-standard.txt', disciplines: ['Track and Civil'], edition: 'Rev 2' });
    expect(doc).toMatchObject({ title: 'track-standard', edition: 'Rev 2', disciplines: ['Track and Civil'], source: 'track-standard.txt' });
    expect(doc?.clauses.map((c) => c.ref)).toEqual(['4.1', '4.2.1', '4.2.1(a)', '4.2.1(b)', '4.2.1(c)', '4.2.2(a)', '4.2.2(b)']);
    const byRef = new Map(doc?.clauses.map((c) => [c.ref, c]));
    expect(byRef.get('4.1')).toMatchObject({ section: '4.1', heading: 'Scope', text: 'This section applies to all running lines maintained by the network.' });
    // Intro text before (a) is the section's own clause.
    expect(byRef.get('4.2.1')?.text).toBe('Rails shall be inspected for wear at the intervals below.');
    // A top-level paragraph carries its sub-paragraphs, each on its own line.
    expect(byRef.get('4.2.1(a)')).toMatchObject({
      section: '4.2.1',
      heading: 'Rail wear limits',
      discipline: 'Track and Civil',
      text: '(a) Head wear shall not exceed the following limits:\n(1) 12 mm on main lines; and\n(2) 15 mm on sidings.',
    });
    expect(byRef.get('4.2.1(c)')?.text).toBe('(c) Side wear is measured:\n(i) at the gauge face; and\n(ii) 16 mm below the top of the rail.');
  });

  it('reads Markdown: # title, group headings as subparts, list and emphasis markup dropped, tables kept', () => {
    const [doc] = parseText(fixture('signal-guide.md'), { fileName: 'signal-guide.md' });
    expect(doc?.title).toBe('Signal Maintenance Guide');
    expect(doc?.clauses.map((c) => [c.ref, c.subpart])).toEqual([
      ['7.1', 'Part A — Inspections'],
      ['7.2', 'Part A — Inspections'],
      ['7.2(a)', 'Part A — Inspections'],
      ['7.2(b)', 'Part A — Inspections'],
      ['7.3(a)', 'Part B — Records'],
    ]);
    const byRef = new Map(doc?.clauses.map((c) => [c.ref, c.text]));
    expect(byRef.get('7.2(a)')).toBe('(a) LED lamps are checked every 6 months.');
    expect(byRef.get('7.2(b)')).toBe('(b) Incandescent lamps are checked monthly, and:\n(1) replaced every 2,000 hours; or\n(2) when dim.');
    expect(byRef.get('7.3(a)')).toBe('(a) Records are kept for two years.\n| Item | Interval |\n| LED | 6 months |');
  });

  it('takes an explicit title and reads § headings, subparts and appendices', () => {
    const text = [
      'Subpart A—General',
      '§ 213.9 Classes of track: operating speed limits.',
      '(a) Except as provided in paragraph (b), the following speeds apply.',
      '(h) Eighth.',
      '(1) Nested under h.',
      '(i) Roman under (1).',
      '(ii) Second roman.',
      '(i) The letter after (h).',
      'Appendix B to Part 213—Schedule of Civil Penalties',
      'Penalties are listed below.',
    ].join('\n');
    const [doc] = parseText(text, { fileName: 'cfr.txt', title: 'Part 213' });
    expect(doc?.title).toBe('Part 213');
    expect(doc?.clauses.map((c) => [c.ref, c.section, c.subpart])).toEqual([
      ['213.9(a)', '213.9', 'A — General'],
      ['213.9(h)', '213.9', 'A — General'],
      ['213.9(i)', '213.9', 'A — General'],
      ['Appendix B', 'Appendix B', 'A — General'],
    ]);
    expect(doc?.clauses[1]?.text).toBe('(h) Eighth.\n(1) Nested under h.\n(i) Roman under (1).\n(ii) Second roman.');
    expect(doc?.clauses[0]?.heading).toBe('Classes of track: operating speed limits.');
  });

  it('splits a top-level paragraph longer than 2,500 characters into lead-in and child clauses', () => {
    const long = 'x'.repeat(SPLIT_ABOVE_CHARS);
    const [doc] = parseText(`5.1 Long rule\n(a) Lead-in:\n(1) ${long}\n(2) Short.\n(b) Next.`, { fileName: 'long.txt' });
    expect(doc?.clauses.map((c) => c.ref)).toEqual(['5.1(a)', '5.1(a)(1)', '5.1(a)(2)', '5.1(b)']);
    expect(doc?.clauses[0]?.text).toBe('(a) Lead-in:');
  });

  it('keeps refs unique when a label repeats', () => {
    const [doc] = parseText('1.1 Dup\n(a) One.\n(a) Again.', { fileName: 'dup.txt' });
    expect(doc?.clauses.map((c) => c.ref)).toEqual(['1.1(a)', '1.1(a) [2]']);
  });

  it('rejects text without numbered sections', () => {
    expect(() => parseText('Just a letter.\nNothing numbered here.', { fileName: 'letter.txt' })).toThrow(
      'letter.txt: no numbered sections or (a)/(1) paragraphs were found',
    );
  });
});
