import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { parseStandardFile } from './index';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)));
const encode = (s: string) => new TextEncoder().encode(s);

describe('parseStandardFile', () => {
  it('picks the importer by extension for text formats', async () => {
    expect((await parseStandardFile(fixture('track-standard.txt'), { fileName: 'track-standard.txt' }))[0]?.clauses).toHaveLength(7);
    expect((await parseStandardFile(fixture('signal-guide.md'), { fileName: 'signal-guide.md' }))[0]?.title).toBe('Signal Maintenance Guide');
    expect((await parseStandardFile(fixture('part-999.xml'), { fileName: 'part-999.xml' }))[0]?.title).toBe('Part 999');
    const jsonl = '{"section":"1.1","ref":"1.1(a)","heading":"Scope","text":"(a) Applies.","part":"1"}\n';
    expect((await parseStandardFile(encode(jsonl), { fileName: 'rows.jsonl' }))[0]?.clauses[0]?.ref).toBe('1.1(a)');
  });

  it('recognises DOCX by its magic bytes', async () => {
    const docx = new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('2.1 Scope'), new Paragraph('(a) Applies.')] }] })));
    const [doc] = await parseStandardFile(docx, { fileName: 'upload.docx' });
    expect(doc?.clauses.map((c) => c.ref)).toEqual(['2.1(a)']);
  });

  it('rejects unknown, binary and mislabelled files with a clear message', async () => {
    await expect(parseStandardFile(encode('hello'), { fileName: 'notes.rtf' })).rejects.toThrow('notes.rtf: unsupported file type');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    await expect(parseStandardFile(png, { fileName: 'picture.txt' })).rejects.toThrow('picture.txt: unsupported file type (image/png)');
    await expect(parseStandardFile(encode('plain text'), { fileName: 'fake.pdf' })).rejects.toThrow('fake.pdf: not a readable PDF file');
    await expect(parseStandardFile(new Uint8Array([0x41, 0x42, 0xc3, 0x28, 0x43]), { fileName: 'bad.txt' })).rejects.toThrow('bad.txt: not a UTF-8 text file');
  });
});
