import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
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
    const [doc] = await parseDocx(data, { fileName: 'bridges.docx', discipline: 'Structures' });
    expect(doc).toMatchObject({ title: 'bridges', edition: 'unspecified', discipline: 'Structures' });
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
});
