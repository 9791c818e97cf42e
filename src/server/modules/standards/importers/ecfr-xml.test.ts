import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEcfrXml } from './ecfr-xml';

const xml = readFileSync(path.join(import.meta.dirname, 'fixtures', 'part-999.xml'), 'utf8');

describe('parseEcfrXml', () => {
  it('reads a part: subparts, sections, nested paragraphs, tables, definitions and appendices', () => {
    const docs = parseEcfrXml(xml, { fileName: 'part-999.xml', edition: 'eCFR XML, up to date as of 2026-06-17', disciplines: ['Track and Civil'] });
    expect(docs).toHaveLength(1);
    const [doc] = docs;
    expect(doc).toMatchObject({ title: 'Part 999', edition: 'eCFR XML, up to date as of 2026-06-17', disciplines: ['Track and Civil'] });
    expect(doc?.clauses.map((c) => [c.ref, c.section, c.subpart])).toEqual([
      ['999.5', '999.5', 'A — General'],
      ['999.5 "Crosstie"', '999.5', 'A — General'],
      ['999.5 "Gage"', '999.5', 'A — General'],
      ['999.9(a)', '999.9', 'A — General'],
      ['999.9(b)', '999.9', 'A — General'],
      ['999.33', '999.33', 'B — Roadbed'],
      ['999 Appendix A', '999 Appendix A', 'Appendix A to Part 999'],
    ]);
    const byRef = new Map(doc?.clauses.map((c) => [c.ref, c]));
    expect(byRef.get('999.9(a)')).toMatchObject({
      heading: 'Classes of track: operating speed limits.',
      discipline: 'Track and Civil',
    });
    expect(byRef.get('999.9(a)')?.text).toContain('\nClass 1 track | 10 | 15\nClass 2 track | 25 | 30');
    expect(byRef.get('999.9(b)')?.text).toBe(
      '(b) If a segment of track does not meet all of the requirements for its intended class, it is reclassified to the next lowest class of track—\n' +
        '(1) For which it does meet all of the requirements; and\n(i) Freight. Speeds are limited.\n(ii) Passenger. Speeds are limited further.\n(2) Otherwise, trains may not be operated.',
    );
    expect(byRef.get('999.5 "Gage"')?.text).toBe('Gage means the distance between the rails, measured:\n(1) 5/8 inch below the top of the rail.');
    expect(byRef.get('999 Appendix A')?.heading).toBe('Maximum Allowable Curving Speeds');
    // Amendment citations are not regulation text.
    expect(doc?.clauses.some((c) => c.text.includes('63 FR'))).toBe(false);
  });

  it('rejects XML that is not an eCFR part', () => {
    expect(() => parseEcfrXml('<html><body/></html>', { fileName: 'page.xml' })).toThrow('page.xml: no eCFR part (DIV5 TYPE="PART") was found');
    expect(() => parseEcfrXml('<DIV5 TYPE="PART" N="1"><HEAD>PART 1</HEAD>', { fileName: 'broken.xml' })).toThrow(/broken\.xml/);
  });
});
