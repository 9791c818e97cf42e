import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assertInflatesWithin, MAX_INFLATED_BYTES } from '../../../lib/archive-limits';
import { parseDocx } from './docx';

async function makeDocx(paragraphs: Paragraph[]): Promise<Uint8Array> {
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] })));
}

describe('parseDocx', () => {
  it('reads headings and paragraphs of a Word document into clauses', async () => {
    const data = await makeDocx([
      new Paragraph({ text: 'Bridge Inspection Manual', heading: HeadingLevel.TITLE }),
      new Paragraph({ text: '3.1 Inspection intervals', heading: HeadingLevel.HEADING_2 }),
      new Paragraph('Every bridge is inspected at least once a year.'),
      new Paragraph('(a) Steel spans are inspected for corrosion.'),
      new Paragraph('(1) Bearings are checked for seizure.'),
      new Paragraph('(b) Timber spans are sounded for decay.'),
      new Paragraph({ text: '3.2 Records', heading: HeadingLevel.HEADING_2 }),
      new Paragraph('Inspection records are kept for the life of the structure.'),
    ]);
    const [doc] = await parseDocx(data, { fileName: 'bridges.docx', disciplines: ['Structures'] });
    expect(doc).toMatchObject({ title: 'bridges', edition: 'unspecified', disciplines: ['Structures'] });
    expect(doc?.clauses.map((c) => [c.ref, c.heading])).toEqual([
      ['3.1', 'Inspection intervals'],
      ['3.1(a)', 'Inspection intervals'],
      ['3.1(b)', 'Inspection intervals'],
      ['3.2', 'Records'],
    ]);
    expect(doc?.clauses[1]?.text).toBe('(a) Steel spans are inspected for corrosion.\n(1) Bearings are checked for seizure.');
  });

  it('rejects a file that is not a DOCX', async () => {
    await expect(parseDocx(new TextEncoder().encode('not a zip'), { fileName: 'fake.docx' })).rejects.toThrow('fake.docx: not a readable DOCX file');
  });

  it('refuses a DOCX that would inflate beyond the cap (a zip bomb) before reading it whole', async () => {
    const docx = unzipSync(await makeDocx([new Paragraph('1.1 Scope'), new Paragraph('Applies to bridges.')]));
    // Zeros compress about a thousand to one: a file of a few hundred KB that inflates past the cap.
    const bomb = zipSync({ ...docx, 'word/media/padding.bin': [new Uint8Array(MAX_INFLATED_BYTES + 1024), { level: 9 }] });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expect(parseDocx(bomb, { fileName: 'bomb.docx' })).rejects.toThrow('bomb.docx: refused, it would inflate to more than 64 MB');
  });

  it('counts what entries really inflate to, not only what they declare', async () => {
    const small = zipSync({ 'a.txt': strToU8('x'.repeat(2000)), 'b.txt': strToU8('y'.repeat(2000)) });
    await expect(assertInflatesWithin(small, 4000)).resolves.toBeUndefined();
    await expect(assertInflatesWithin(small, 3000)).rejects.toThrow('would inflate to more than');
  });
});
