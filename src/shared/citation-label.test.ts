import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationLabel, namesItsInstrument, sectionCitation, sectionHeadingLabel, sectionOfRef, subpartLabel } from './citation-label';

const standardsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../standards');

/** Every bundled row: its standard (the row's, else the folder's), section and ref. */
function bundledRows(): { standard: string; section: string; ref: string }[] {
  const rows: { standard: string; section: string; ref: string }[] = [];
  for (const folder of readdirSync(standardsDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(standardsDir, folder.name)).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of readFileSync(path.join(standardsDir, folder.name, file), 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const row = JSON.parse(line) as { standard?: string; section: string; ref: string };
        rows.push({ standard: row.standard ?? folder.name, section: row.section, ref: row.ref });
      }
    }
  }
  return rows;
}

describe('citation labels', () => {
  it('prefixes a bare ref with its standard and leaves one that names its instrument as written', () => {
    expect(citationLabel('49 CFR', '213.9(a)')).toBe('49 CFR 213.9(a)');
    expect(citationLabel('49 CFR', '222.9 "Alternative safety measures (ASM)"')).toBe('49 CFR 222.9 "Alternative safety measures (ASM)"');
    expect(citationLabel('CA Grade Crossings Regulations', 'SOR/2014-275, s. 12(1)')).toBe('SOR/2014-275, s. 12(1)');
    expect(citationLabel('CA Railway Safety Act', 'R.S.C., 1985, c. R-4.2, s. 11')).toBe('R.S.C., 1985, c. R-4.2, s. 11');
    expect(citationLabel('CA Railway Safety Appliance Standards Regulations', 'C.R.C., c. 1171, Sch. I, s. 40')).toBe('C.R.C., c. 1171, Sch. I, s. 40');
    expect(citationLabel('EU TSI CCS (Decision 2012/88/EU)', 'TSI CCS 4.2.1')).toBe('TSI CCS 4.2.1');
    expect(citationLabel('49 U.S.C.', '49 U.S.C. 20103(a)')).toBe('49 U.S.C. 20103(a)');
    expect(namesItsInstrument('213.9(a)')).toBe(false);
  });

  it('cites a section as its instrument does, from any clause of it', () => {
    expect(sectionCitation('49 CFR', '213.9', '213.9(a)')).toBe('49 CFR 213.9');
    expect(sectionCitation('49 CFR', '213.9')).toBe('49 CFR 213.9');
    expect(sectionCitation('CA Grade Crossings Regulations', '1', 'SOR/2014-275, s. 1(1) "Advisory Speed Tab sign"')).toBe('SOR/2014-275, s. 1');
    expect(sectionCitation('CA Railway Safety Appliance Standards Regulations', 'Sch. I, s. 40', 'C.R.C., c. 1171, Sch. I, s. 40')).toBe(
      'C.R.C., c. 1171, Sch. I, s. 40',
    );
    expect(sectionCitation('EU TSI CCS (Decision 2012/88/EU)', '4.2.1', 'TSI CCS 4.2.1')).toBe('TSI CCS 4.2.1');
    expect(sectionCitation('49 U.S.C.', '20103', '49 U.S.C. 20103(a)')).toBe('49 U.S.C. 20103');
    expect(sectionHeadingLabel('49 CFR', '213.9', '213.9(a)')).toBe('§ 213.9');
    expect(sectionHeadingLabel('CA Railway Safety Act', '11', 'R.S.C., 1985, c. R-4.2, s. 11(1)')).toBe('R.S.C., 1985, c. R-4.2, s. 11');
  });

  it("finds every bundled section's citation in its clauses' refs", () => {
    const rows = bundledRows();
    expect(rows.length).toBe(5132);
    for (const row of rows.filter((r) => namesItsInstrument(r.ref))) {
      const cited = sectionCitation(row.standard, row.section, row.ref);
      expect(row.ref.startsWith(cited), `${row.ref} in section ${row.section}`).toBe(true);
      expect(cited.endsWith(row.section), row.ref).toBe(true);
    }
  });

  it('finds the section of a paragraph the library holds no clause of', () => {
    expect(sectionOfRef('213.53(b)')).toBe('213.53');
    expect(sectionOfRef('§ 213.53')).toBe('213.53');
    expect(sectionOfRef('SOR/2014-275, s. 12(1)(a)')).toBe('12');
    expect(sectionOfRef('R.S.C., 1985, c. R-4.2, s. 11(2)')).toBe('11');
    expect(sectionOfRef('C.R.C., c. 1171, Sch. I, s. 40(2)')).toBe('Sch. I, s. 40');
    expect(sectionOfRef('TSI CCS 4.2.1(a)')).toBe('4.2.1');
    expect(sectionOfRef('49 U.S.C. 20103(a)(1)')).toBe('20103');
    expect(sectionOfRef('SOR/2014-275, s. 1(1) "Advisory Speed Tab sign"')).toBe('1');
  });

  it("heads the CFR's lettered subparts as subparts and other divisions as written", () => {
    expect(subpartLabel('A — General')).toBe('Subpart A — General');
    expect(subpartLabel('D')).toBe('Subpart D');
    expect(subpartLabel('Interpretation')).toBe('Interpretation');
    expect(subpartLabel('1 — INTRODUCTION')).toBe('1 — INTRODUCTION');
    expect(subpartLabel('PART I General / Interpretation')).toBe('PART I General / Interpretation');
  });
});
