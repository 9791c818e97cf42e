import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from './pdf';
import type { ParsedDocument } from './types';

const corpus = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/cfr49');
const hasCorpus = fs.existsSync(path.join(corpus, 'raw'));
const parts = ['213', '214', '225', '229', '232', '234'] as const;

interface Row {
  section: string;
  ref: string;
  text: string;
  heading: string;
}

/**
 * The levels the parser reaches, asserted as floors. Every section of the six parts is found, and the
 * refs agree exactly in every section except two of Part 229: § 229.135, where the corpus drops the
 * paragraphs (b)(3)(xviii), (xxiii), (xxiv) and (b)(4)(xviii) (their wider designators start further
 * left), and 229 Appendix D, a long text without paragraphs that the corpus cuts into 4 pieces and
 * this parser into 3.
 */
const SECTIONS_FOUND_MIN = 1;
const SECTIONS_EQUAL_MIN: Record<(typeof parts)[number], number> = {
  '213': 1,
  '214': 1,
  '225': 1,
  '229': 0.98,
  '232': 1,
  '234': 1,
};
const REFS_MATCHED_MIN: Record<(typeof parts)[number], number> = {
  '213': 1,
  '214': 1,
  '225': 1,
  '229': 0.995,
  '232': 1,
  '234': 1,
};

describe.skipIf(!hasCorpus)('parsePdf on the eCFR prints of 49 CFR (shared/corpus/cfr49)', () => {
  const documents = new Map<string, ParsedDocument>();
  const expected = new Map<string, Row[]>();

  beforeAll(async () => {
    for (const part of parts) {
      const data = new Uint8Array(fs.readFileSync(path.join(corpus, 'raw', `49_CFR_${part}_260617.pdf`)));
      const [document] = await parsePdf(data, { fileName: `49_CFR_${part}_260617.pdf`, disciplines: ['Track and Civil'] });
      if (document) documents.set(part, document);
      const rows = fs
        .readFileSync(path.join(corpus, `part-${part}.jsonl`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Row);
      expected.set(part, rows);
    }
  }, 60_000);

  it.each(parts)('part %s: sections and refs agree with the structured corpus', (part) => {
    const document = documents.get(part);
    const rows = expected.get(part) ?? [];
    expect(document).toBeDefined();
    const got = new Map<string, string[]>();
    for (const clause of document?.clauses ?? []) got.set(clause.section, [...(got.get(clause.section) ?? []), clause.ref]);
    const want = new Map<string, string[]>();
    for (const row of rows) want.set(row.section, [...(want.get(row.section) ?? []), row.ref]);

    let found = 0;
    let equal = 0;
    let refs = 0;
    let matched = 0;
    const differing: string[] = [];
    for (const [section, wantRefs] of want) {
      const gotRefs = got.get(section);
      if (!gotRefs) {
        differing.push(`${section} (missing)`);
        continue;
      }
      found++;
      refs += wantRefs.length;
      matched += wantRefs.filter((ref) => gotRefs.includes(ref)).length;
      if (JSON.stringify(gotRefs) === JSON.stringify(wantRefs)) equal++;
      else differing.push(section);
    }
    const foundShare = found / want.size;
    const equalShare = found === 0 ? 0 : equal / found;
    const matchedShare = refs === 0 ? 0 : matched / refs;
    console.info(
      `part ${part}: sections found ${(foundShare * 100).toFixed(1)}% (${found}/${want.size}), ` +
        `sections with equal refs ${(equalShare * 100).toFixed(1)}%, refs matched ${(matchedShare * 100).toFixed(1)}%` +
        (differing.length > 0 ? `; differing: ${differing.join(', ')}` : ''),
    );
    expect(foundShare).toBeGreaterThanOrEqual(SECTIONS_FOUND_MIN);
    expect(equalShare).toBeGreaterThanOrEqual(SECTIONS_EQUAL_MIN[part]);
    expect(matchedShare).toBeGreaterThanOrEqual(REFS_MATCHED_MIN[part]);
    // Refs are unique within a document.
    const allRefs = (document?.clauses ?? []).map((clause) => clause.ref);
    expect(new Set(allRefs).size).toBe(allRefs.length);
  });

  it('reads the part title, edition and discipline', () => {
    const document = documents.get('213');
    expect(document?.title).toBe('Part 213 — Track Safety Standards');
    expect(document?.edition).toBe('eCFR, up to date as of 2026-06-17');
    expect(document?.disciplines).toEqual(['Track and Civil']);
    expect(documents.get('232')?.title).toBe(
      'Part 232 — Brake System Safety Standards for Freight and Other Non-Passenger Trains and Equipment; End-of-Train Devices',
    );
  });

  it('keeps headings, subparts and clause text', () => {
    const clauses = documents.get('213')?.clauses ?? [];
    const byRef = new Map(clauses.map((clause) => [clause.ref, clause]));
    expect(byRef.get('213.9')?.heading).toBe('Classes of track: operating speed limits.');
    expect(byRef.get('213.9')?.subpart).toBe('A — General');
    expect(byRef.get('213.53')?.heading).toBe('Gage.');
    expect(byRef.get('213.53')?.text).toMatch(/\(b\) Gage shall be within the limits prescribed in the following table/);
    expect(byRef.get('213.53')?.text).toContain('Class 1 track | 4′8″ | 4′10″.');
    expect(byRef.get('213.113(d)(15)')?.heading).toBe('Defective rails.');
    expect(byRef.get('213.113(d)')?.text).toMatch(/^\(d\) /);
    expect(byRef.get('213 Appendix D')?.heading).toMatch(/^Minimally Compliant Analytical Track \(MCAT\) Simulations/);
    expect(byRef.get('213 Appendix D')?.subpart).toBe('Appendix D to Part 213');
    // Sub-paragraphs start on new lines; wrapped lines are joined; no page furniture remains.
    expect(byRef.get('213.3')?.text).toContain('\n(b) This part does not apply to track:\n(1) Located inside an installation');
    expect(byRef.get('213.4')?.text).toContain('4 feet 10 1/4 inches');
    for (const clause of clauses) {
      expect(clause.text).not.toMatch(/\(enhanced display\)|up to date as of|page \d+ of \d+|\[\d+ FR \d+/);
    }

    const definitions = new Map((documents.get('214')?.clauses ?? []).map((clause) => [clause.ref, clause]));
    expect(definitions.get('214.7 "Fouling a track"')?.text).toMatch(/^Fouling a track means the placement of an individual/);
    expect(definitions.get('214.7 "Flagman when used in relation to roadway worker safety"')).toBeDefined();
  });

  it('produces the same text as the corpus for most clauses', () => {
    let same = 0;
    let total = 0;
    for (const part of parts) {
      const want = new Map((expected.get(part) ?? []).map((row) => [row.ref, row.text]));
      for (const clause of documents.get(part)?.clauses ?? []) {
        const text = want.get(clause.ref);
        if (text === undefined) continue;
        total++;
        if (text === clause.text) same++;
      }
    }
    console.info(`clause text identical to the corpus: ${((same / total) * 100).toFixed(1)}% of ${total}`);
    expect(same / total).toBeGreaterThan(0.9);
  });
});

if (!hasCorpus) {
  // Said where it shows: the six whole parts need ../shared; the committed print below runs anyway.
  console.warn(`pdf.test.ts: the eCFR prints of six whole parts are not tested: ${corpus} is missing (the one-part fixture is)`);
  describe('parsePdf on the eCFR prints of 49 CFR', () => {
    it.skip(`skipped: corpus folder ${corpus} is missing`, () => {});
  });
}

describe('parsePdf on a committed eCFR print (Part 234, its first six pages)', () => {
  const fixtures = path.join(import.meta.dirname, 'fixtures');
  let document: ParsedDocument | undefined;
  beforeAll(async () => {
    const data = new Uint8Array(fs.readFileSync(path.join(fixtures, 'ecfr-part-234-head.pdf')));
    [document] = await parsePdf(data, { fileName: '49_CFR_234_260617.pdf', disciplines: ['Signaling'] });
  });

  it('reads the part title, edition, subpart and discipline', () => {
    expect(document?.title).toBe('Part 234 — Grade Crossing Safety');
    expect(document?.edition).toBe('eCFR, up to date as of 2026-06-17');
    expect(document?.clauses[0]).toMatchObject({ ref: '234.1', heading: 'Scope.', subpart: 'A — General', discipline: 'Signaling' });
  });

  it('gives §§ 234.1–234.5 exactly as the structured eCFR corpus has them: refs, headings, paragraphs and definitions', () => {
    // Taken from shared/corpus/cfr49/part-234.jsonl (built from the eCFR XML, not from this print).
    const expected = JSON.parse(fs.readFileSync(path.join(fixtures, 'ecfr-part-234-head.expected.json'), 'utf8')) as Row[];
    const clauses = (document?.clauses ?? []).filter((c) => expected.some((e) => e.section === c.section));
    expect(clauses.map(({ ref, section, heading, text }) => ({ ref, section, heading, text }))).toEqual(expected);
  });

  it('stops the last section where the print ends, without inventing text', () => {
    const last = document?.clauses.at(-1);
    expect(last?.section).toBe('234.6');
    expect(last?.text.startsWith('(a) Civil penalty.')).toBe(true);
  });
});

/** A one-page PDF (Helvetica) with the given lines, each `[x, y, text]`. */
function makePdf(lines: [number, number, string][]): Uint8Array {
  const escape = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = lines.map(([x, y, text]) => `BT /F1 10 Tf ${x} ${y} Td (${escape(text)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

describe('parsePdf on a generic numbered document', () => {
  it('turns numbered headings and (a)/(1) paragraphs into clauses', async () => {
    const pdf = makePdf([
      [72, 720, 'Track maintenance standard'],
      [72, 690, '4.2.1 Inspection of switches'],
      [72, 670, 'Switches shall be inspected as follows.'],
      [72, 650, '(a) Visually, at least once a week.'],
      [90, 635, '(1) Points shall be checked for damage.'],
      [72, 620, '(b) With a gauge, at least once a month.'],
      [72, 590, '4.2.2 Records'],
      [72, 570, 'Records shall be kept for two years.'],
    ]);
    const [document] = await parsePdf(pdf, { fileName: 'standard.pdf', disciplines: ['Track and Civil'], edition: '2024' });
    expect(document?.title).toBe('standard');
    expect(document?.edition).toBe('2024');
    const refs = document?.clauses.map((clause) => clause.ref);
    expect(refs).toEqual(['4.2.1', '4.2.1(a)', '4.2.1(b)', '4.2.2']);
    const a = document?.clauses.find((clause) => clause.ref === '4.2.1(a)');
    expect(a?.section).toBe('4.2.1');
    expect(a?.heading).toBe('Inspection of switches');
    expect(a?.text).toBe('(a) Visually, at least once a week.\n(1) Points shall be checked for damage.');
    expect(a?.discipline).toBe('Track and Civil');
  });

  it('rejects a PDF without numbered clauses', async () => {
    const pdf = makePdf([[72, 720, 'Just a letter without any numbered clauses.']]);
    await expect(parsePdf(pdf, { fileName: 'letter.pdf' })).rejects.toThrow('No numbered clauses were found in letter.pdf');
  });

  it('rejects data that is not a PDF', async () => {
    await expect(parsePdf(new TextEncoder().encode('not a pdf'), { fileName: 'x.pdf' })).rejects.toThrow(/x\.pdf/);
  });
});
