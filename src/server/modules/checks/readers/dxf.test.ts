import { describe, expect, it } from 'vitest';
import { documentContentSchema, type DocumentContent } from '../../../../shared/schemas/document-content';
import { messages } from '../../../../shared/messages';
import { mtextParagraphs, singleLineText } from './dxf-text';
import { drawing, groups, text } from './dxf-test-fixtures';
import { DocumentReadError, detectDocumentType, readDocument } from './index';

const CURVE_TAG_BLOCK =
  groups([0, 'BLOCK'], [5, '20'], [8, '0'], [2, 'CURVE_TAG'], [70, 2], [10, 0], [20, 0], [30, 0], [3, 'CURVE_TAG']) +
  // A constant attribute draws its value; its prompt (group 3) is never drawn.
  groups([0, 'ATTDEF'], [5, '51'], [8, 'TAGS'], [10, 0], [20, 2], [30, 0], [40, 1.5], [1, 'SEE CURVE TABLE'], [3, 'Enter note'], [2, 'NOTE'], [70, 2]) +
  groups([0, 'ATTDEF'], [5, '52'], [8, 'TAGS'], [10, 0], [20, 0], [30, 0], [40, 1.5], [1, 'C-?'], [3, 'Curve id'], [2, 'CURVE'], [70, 0]) +
  groups([0, 'TEXT'], [5, '50'], [8, 'TAGS'], [10, 0], [20, -2], [30, 0], [40, 1.5], [1, 'PI STA 1204+50']) +
  groups([0, 'ENDBLK'], [5, '21'], [8, '0']);

const ANNOTATED = drawing(
  text('2A', 'ANNO', 10, 100, `CURVE C-7  D=4%%d30'  Ea=5 1/2"  V=50 MPH  CLASS 4`) +
    text('2C', 'ANNO', 50, 100.4, '%%c 6" DRAIN') +
    groups(
      [0, 'MTEXT'],
      [5, '2B'],
      [8, 'NOTES'],
      [10, 0],
      [20, 200],
      [30, 0],
      [40, 2.5],
      [3, '{\\fArial|b1|i0|c0|p34;GENERAL NOTES}\\P1. TRACK CLASS 4, \\H2.5x;MAX SPEED 60 MPH'],
      [1, '\\P2. Ea=5\\S1/2; IN. %%p1/8"'],
    ) +
    groups([0, 'INSERT'], [5, '30'], [8, 'TAGS'], [66, 1], [2, 'CURVE_TAG'], [10, 100], [20, 50], [30, 0]) +
    groups([0, 'ATTRIB'], [5, '31'], [8, 'TAGS'], [10, 100], [20, 50], [30, 0], [40, 1.5], [1, "C-8  D=2%%d00'"], [2, 'CURVE'], [70, 0]) +
    groups([0, 'ATTRIB'], [5, '32'], [8, 'TAGS'], [10, 100], [20, 46], [30, 0], [40, 1.5], [1, 'hidden'], [2, 'ID'], [70, 1]) +
    groups([0, 'SEQEND'], [5, '33'], [8, 'TAGS']) +
    text('40', 'TITLE', 0, 500, 'SHEET 3 OF 12', [
      [67, 1],
      [410, 'Layout1'],
    ]) +
    groups([0, 'LINE'], [5, '41'], [8, '0'], [10, 0], [20, 0], [30, 0], [11, 10], [21, 10], [31, 0]),
  CURVE_TAG_BLOCK,
);

const encode = (content: string) => new TextEncoder().encode(content);

async function read(content: string, name = 'plan.dxf'): Promise<DocumentContent> {
  const document = await readDocument(encode(content), name);
  expect(documentContentSchema.parse(document)).toEqual(document);
  return document;
}

async function failure(data: Uint8Array, name = 'plan.dxf'): Promise<DocumentReadError> {
  const error = await readDocument(data, name).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentReadError);
  return error as DocumentReadError;
}

describe('detecting DXF by content', () => {
  it('knows an ASCII DXF (comments before it allowed) and a binary DXF whatever they are called', () => {
    expect(detectDocumentType(encode(ANNOTATED), 'plan.csv')).toBe('dxf');
    expect(detectDocumentType(encode(groups([999, 'written by a test']) + ANNOTATED), 'plan.txt')).toBe('dxf');
    const binary = new Uint8Array([...encode('AutoCAD Binary DXF\r\n'), 0x1a, 0x00, 0x00, 0x00, 0x53, 0x45]);
    expect(detectDocumentType(binary, 'plan.dxf')).toBe('binary_dxf');
    expect(detectDocumentType(encode('Curve,Radius (ft)\nC-1,1910\n'), 'plan.dxf')).toBe('csv');
  });
});

describe('readDxf', () => {
  it('reads TEXT, MTEXT, attributes and inserted blocks as paragraphs with handle, layer and layout, in reading order', async () => {
    const content = await read(ANNOTATED);
    expect(content.type).toBe('dxf');
    const shown = content.blocks.map((block) =>
      block.kind === 'paragraph' ? [block.text, block.location.entity, block.location.layer, block.location.layout] : [],
    );
    expect(shown).toEqual([
      ['GENERAL NOTES', '2B', 'NOTES', 'Model'],
      ['1. TRACK CLASS 4, MAX SPEED 60 MPH', '2B', 'NOTES', 'Model'],
      ['2. Ea=5 1/2 IN. ±1/8"', '2B', 'NOTES', 'Model'],
      // One row: 2C stands 0.4 higher than 2A, within half a text height, and to its right.
      [`CURVE C-7  D=4°30'  Ea=5 1/2"  V=50 MPH  CLASS 4`, '2A', 'ANNO', 'Model'],
      ['⌀ 6" DRAIN', '2C', 'ANNO', 'Model'],
      // The block's constant attribute and text, placed at the insertion point; its other ATTDEF is filled by the ATTRIB.
      ['SEE CURVE TABLE', '51', 'TAGS', 'Model'],
      ["C-8  D=2°00'", '31', 'TAGS', 'Model'],
      ['PI STA 1204+50', '50', 'TAGS', 'Model'],
      ['SHEET 3 OF 12', '40', 'TITLE', 'Layout1'],
    ]);
    for (const block of content.blocks) if (block.kind === 'paragraph') expect(block.location.text).toBe(block.text);
  });

  it('a drawing cut off before its EOF group is corrupt', async () => {
    const error = await failure(encode(ANNOTATED.slice(0, Math.floor(ANNOTATED.length / 2))));
    expect(error.reason).toBe('corrupt');
    expect(error.message).toBe(messages.documentReading.corrupt);
  });

  it('a drawing without text is empty; a binary DXF is refused with a request for ASCII DXF, IFC or PDF', async () => {
    const lines = drawing(groups([0, 'LINE'], [5, '41'], [8, '0'], [10, 0], [20, 0], [30, 0], [11, 10], [21, 10], [31, 0]));
    const empty = await failure(encode(lines));
    expect(empty.reason).toBe('empty');
    expect(empty.message).toBe(messages.documentReading.empty);
    const binary = await failure(new Uint8Array([...encode('AutoCAD Binary DXF\r\n'), 0x1a, 0x00, 0x00, 0x00, 0x53, 0x45]));
    expect(binary.reason).toBe('binary_dxf');
    expect(binary.message).toBe(messages.documentReading.binaryDxf);
    expect(binary.message).toMatch(/ASCII DXF/);
    expect(binary.message).toMatch(/IFC/);
    expect(binary.message).toMatch(/PDF/);
  });
});

describe('annotation text without its formatting codes', () => {
  it('strips MTEXT codes and keeps escaped characters', () => {
    expect(mtextParagraphs('{\\fTimes New Roman|b0|i0|c0|p18;\\C1;RADIUS}\\PR=1910\\~FT')).toEqual(['RADIUS', 'R=1910 FT']);
    expect(mtextParagraphs('\\LSUPER\\l: Ea=4\\S3/4; IN')).toEqual(['SUPER: Ea=4 3/4 IN']);
    expect(mtextParagraphs('A \\{B\\} C\\\\D')).toEqual(['A {B} C\\D']);
    expect(mtextParagraphs('\\A1;\\W0.8;\\Q15;\\T1.1;TIGHT')).toEqual(['TIGHT']);
    expect(mtextParagraphs('ANGLE 12\\U+00B0')).toEqual(['ANGLE 12°']);
  });
  it('strips %% codes of TEXT', () => {
    expect(singleLineText("%%uCURVE DATA%%u D=1%%d15' %%p0.5 %%c10 100%%%")).toBe("CURVE DATA D=1°15' ±0.5 ⌀10 100%");
    expect(singleLineText('%%065BC')).toBe('ABC');
  });
});
