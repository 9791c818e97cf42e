import { describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import { ROW_C05, contentFixture } from '../test/fixtures';
import { locateSource, splitAround } from './locate-source';

const pdf: DocumentContent = {
  type: 'pdf',
  pages: 2,
  blocks: [
    { kind: 'paragraph', text: 'Design basis', headingLevel: 1, location: { page: 1, line: 1, text: 'Design basis' } },
    { kind: 'paragraph', text: 'All curves are class 4 track.', location: { page: 1, line: 3, text: 'All curves are class 4 track.' } },
    {
      kind: 'paragraph',
      text: 'Maximum superelevation is 7.5 in. on curves.',
      location: { page: 2, line: 4, text: 'Maximum superelevation is 7.5 in. on curves.' },
    },
    { kind: 'paragraph', text: 'Spirals follow AREMA.', location: { page: 2, line: 6, text: 'Spirals follow AREMA.' } },
  ],
};

describe('locateSource', () => {
  it("finds a CSV finding's row and the value's column", () => {
    const passage = locateSource(contentFixture(), { line: 3, row: 3, column: 'Superelevation Ea (in)', text: ROW_C05 });
    expect(passage.kind).toBe('row');
    if (passage.kind !== 'row') return;
    expect(passage.row.location.text).toBe(ROW_C05);
    expect(passage.column).toBe(1);
  });

  it('finds an XLSX row by its sheet and cell when the text was written differently', () => {
    const content: DocumentContent = {
      type: 'xlsx',
      blocks: [
        {
          kind: 'table',
          sheet: 'Curves',
          headerRow: 2,
          columns: ['Curve', 'Ea (in)'],
          units: [null, 'in'],
          columnRefs: ['A', 'B'],
          rows: [{ cells: ['C-05', '7.25'], location: { sheet: 'Curves', row: 3, cells: ['A3', 'B3'], text: 'C-05 | 7.25' } }],
        },
      ],
    };
    const passage = locateSource(content, { sheet: 'Curves', row: 3, cell: 'B3', text: 'C-05 | 7.250' });
    expect(passage).toMatchObject({ kind: 'row', column: 1 });
  });

  it('shows a PDF statement with the rest of its page', () => {
    const passage = locateSource(pdf, { page: 2, line: 4, text: 'superelevation is 7.5 in.' });
    expect(passage).toMatchObject({ kind: 'paragraphs', page: 2, target: 0 });
    if (passage.kind === 'paragraphs')
      expect(passage.paragraphs.map((p) => p.text)).toEqual(['Maximum superelevation is 7.5 in. on curves.', 'Spirals follow AREMA.']);
  });

  it('says when the passage is not in the document', () => {
    expect(locateSource(pdf, { page: 9, text: 'nowhere to be found' })).toEqual({ kind: 'none' });
  });

  it('splits a text around the first occurrence of the source', () => {
    expect(splitAround('Maximum superelevation is 7.5 in.', '7.5 in.')).toEqual({ before: 'Maximum superelevation is ', match: '7.5 in.', after: '' });
    expect(splitAround('abc', 'x')).toBeUndefined();
  });
});
