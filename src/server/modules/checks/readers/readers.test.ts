import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentContentSchema, type DocumentContent, type ParagraphBlock, type TableBlock } from '../../../../shared/schemas/document-content';
import { messages } from '../../../../shared/messages';
import { parseCsvRecords } from './csv';
import { DocumentReadError, detectDocumentType, readDocument } from './index';
import { columnUnit, detectHeaderRow } from './tables';
import { makeDocx, makeLayoutPdf, makePdf, makeXlsx, p, tbl } from './test-fixtures';
import { columnLetters, displayNumber } from './xlsx';

const samples = path.resolve(import.meta.dirname, '../../../../../../shared/design-samples');
const hasSamples = fs.existsSync(path.join(samples, 'answer-key.json'));

function tables(content: DocumentContent): TableBlock[] {
  return content.blocks.filter((block): block is TableBlock => block.kind === 'table');
}

function paragraphs(content: DocumentContent): ParagraphBlock[] {
  return content.blocks.filter((block): block is ParagraphBlock => block.kind === 'paragraph');
}

async function failure(promise: Promise<unknown>): Promise<DocumentReadError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentReadError);
  return error as DocumentReadError;
}

describe('detectDocumentType: by content, not by name', () => {
  it('knows PDF, DOCX, XLSX, DWG, DOC/XLS and CSV whatever the file is called', () => {
    expect(detectDocumentType(makePdf(['x']), 'report.csv')).toBe('pdf');
    expect(detectDocumentType(makeDocx(p('x')), 'report.xlsx')).toBe('docx');
    expect(detectDocumentType(makeXlsx('S', { A1: 'x' }), 'sheet.docx')).toBe('xlsx');
    expect(detectDocumentType(strToU8('AC1032\0\0\0\0binary'), 'drawing.pdf')).toBe('dwg');
    expect(detectDocumentType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.doc')).toBe('legacy_office');
    expect(detectDocumentType(strToU8('a,b\n1,2\n'), 'data.bin')).toBe('csv');
    expect(detectDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'photo.png')).toBe('binary');
  });
});

describe('readDocument: files that cannot be read get a typed error with a plain message', () => {
  it('a DWG: says it is proprietary and asks for DXF, IFC or PDF', async () => {
    const error = await failure(readDocument(strToU8('AC1027\0\0\0\0\0\0 rest of a drawing'), 'track-plan.dwg'));
    expect(error.reason).toBe('dwg');
    expect(error.message).toBe(messages.documentReading.dwg);
    expect(error.message).toMatch(/proprietary/);
    expect(error.message).toMatch(/DXF/);
    expect(error.message).toMatch(/IFC/);
    expect(error.message).toMatch(/PDF/);
  });

  it('a corrupt zip named .docx or .xlsx is corrupt, a truncated XLSX too', async () => {
    const garbage = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...strToU8('this is no zip at all, only its first four bytes')]);
    expect((await failure(readDocument(garbage, 'report.docx'))).reason).toBe('corrupt');
    const xlsx = makeXlsx('Sheet1', { A1: 'Curve', B1: 'Radius (m)', A2: 'C-1', B2: 873 });
    const truncated = xlsx.subarray(0, Math.floor(xlsx.length / 2));
    const error = await failure(readDocument(truncated, 'schedule.xlsx'));
    expect(error.reason).toBe('corrupt');
    expect(error.message).toBe(messages.documentReading.corrupt);
  });

  it('a zip that inflates beyond the archive limit is refused before it is parsed', async () => {
    const bomb = makeDocx(p('x'), { 'word/media/filler.bin': new Uint8Array(2 * 1024 * 1024) });
    const error = await failure(readDocument(bomb, 'bomb.docx', { maxInflatedBytes: 1024 * 1024 }));
    expect(error.reason).toBe('archive_too_large');
  });

  it('DOC/XLS, images and other zips are unsupported types with a clear message', async () => {
    expect((await failure(readDocument(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.xls'))).reason).toBe('legacy_office');
    const png = await failure(readDocument(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'photo.png'));
    expect(png.reason).toBe('unsupported_type');
    expect(png.message).toBe(messages.documentReading.unsupportedType);
    const zip = zipSync({ 'readme.txt': strToU8('hello') });
    expect((await failure(readDocument(zip, 'bundle.zip'))).reason).toBe('unsupported_type');
    expect((await failure(readDocument(strToU8('just one line of prose'), 'notes.txt'))).reason).toBe('unsupported_type');
    expect((await failure(readDocument(new Uint8Array(), 'empty.csv'))).reason).toBe('empty');
  });

  it('an image-only PDF is reported as scanned (no text layer), never as an empty result', async () => {
    const error = await failure(readDocument(makePdf([null, null]), 'scan.pdf'));
    expect(error.reason).toBe('scanned_pdf');
    expect(error.message).toMatch(/no text layer/);
  });

  it('a PDF with some pages scanned lists them; a PDF over the page cap is refused', async () => {
    const mixed = await readDocument(makePdf(['Gage 56 1/2 in.', null]), 'mixed.pdf');
    expect(mixed.pages).toBe(2);
    expect(mixed.pagesWithoutText).toEqual([2]);
    expect(paragraphs(mixed)[0]?.location).toEqual({ page: 1, line: 1, paragraph: 1, text: 'Gage 56 1/2 in.' });
    const error = await failure(readDocument(makePdf(['a', 'b', 'c']), 'long.pdf', { maxPdfPages: 2 }));
    expect(error.reason).toBe('too_many_pages');
    expect(error.message).toBe(messages.documentReading.tooManyPages(3, 2));
  });

  it('drops running headers and footers, but keeps lines of the same shape on every page that stand in the body', async () => {
    const page = (n: number) => [
      'GPW-CF-DBR-001 Rev. B',
      '',
      'Curve data continue below.',
      '',
      `Curve C-${n} is laid with ${n + 2} in. of superelevation.`,
      '',
      'The schedule governs.',
      // Down to the page's bottom margin (lines 14 pt apart from 720 pt on a 792 pt page).
      ...Array<string>(41).fill(''),
      `Page ${n} of 4`,
    ];
    const content = await readDocument(makePdf([1, 2, 3, 4].map(page)), 'schedule.pdf');
    const texts = paragraphs(content).map((p) => p.text);
    expect(texts).toEqual(
      [1, 2, 3, 4].map((n) => `Curve data continue below. Curve C-${n} is laid with ${n + 2} in. of superelevation. The schedule governs.`),
    );
  });

  it('a damaged PDF is corrupt', async () => {
    const error = await failure(readDocument(strToU8('%PDF-1.7\n1 0 obj << /Type /Catalog'), 'broken.pdf'));
    expect(error.reason).toBe('corrupt');
  });
});

describe('PDF tables whose cells wrap', () => {
  const body = (y: number, text: string) => ({ y, cells: [[72, text]] as const });

  it('a padded table with centred header cells wrapped onto several lines and a wrapped data cell', async () => {
    // As a browser prints it: header cells centred (across and down), the rows 17 pt apart, a
    // wrapped cell's lines 12 pt apart, the other cells of its row centred between them (on a line
    // of their own, between the row's first and last).
    const content = await readDocument(
      makeLayoutPdf([
        [
          body(700, 'Ballast shoulders are set out below.'),
          { y: 672, bold: true, cells: [[72, 'Table 3-2 Ballast shoulder by zone']] },
          { y: 646, bold: true, cells: [[390, 'Shoulder width']] },
          { y: 640, bold: true, cells: [[260, 'Crib depth']] },
          {
            y: 634,
            bold: true,
            cells: [
              [95, 'Zone'],
              [180, 'Stone'],
              [398, 'beyond tie end'],
            ],
          },
          { y: 628, bold: true, cells: [[265, '(inches)']] },
          { y: 622, bold: true, cells: [[410, '(inches)']] },
          {
            y: 605,
            cells: [
              [75, 'Open plain'],
              [170, 'Trap rock'],
              [250, '4'],
              [360, '12'],
            ],
          },
          {
            y: 588,
            cells: [
              [75, 'Curve approach'],
              [170, 'Granite'],
            ],
          },
          {
            y: 582,
            cells: [
              [250, '6'],
              [360, '14'],
            ],
          },
          {
            y: 576,
            cells: [
              [75, 'and spirals'],
              [170, 'or slag'],
            ],
          },
          {
            y: 559,
            cells: [
              [75, 'Bridge deck'],
              [170, 'Granite'],
              [250, '8'],
              [360, '16'],
            ],
          },
          body(530, 'Shoulders are measured from the end of the tie.'),
        ],
      ]),
      'shoulders.pdf',
    );
    const [table] = tables(content);
    expect(table?.caption).toBe('Table 3-2 Ballast shoulder by zone');
    expect(table?.columns).toEqual(['Zone', 'Stone', 'Crib depth (inches)', 'Shoulder width beyond tie end (inches)']);
    expect(table?.rows.map((row) => row.cells)).toEqual([
      ['Open plain', 'Trap rock', '4', '12'],
      ['Curve approach and spirals', 'Granite or slag', '6', '14'],
      ['Bridge deck', 'Granite', '8', '16'],
    ]);
    expect(paragraphs(content).map((block) => block.text)).toEqual([
      'Ballast shoulders are set out below.',
      'Table 3-2 Ballast shoulder by zone',
      'Shoulders are measured from the end of the tie.',
    ]);
  });

  it('an evenly spaced table with a bold header on two lines (its first column empty on the second) and a wrapped row', async () => {
    const content = await readDocument(
      makeLayoutPdf([
        [
          { y: 700, bold: true, cells: [[72, 'Table 9-4 Rail anchor pattern']] },
          {
            y: 680,
            bold: true,
            cells: [
              [72, 'Location'],
              [220, 'Anchored ties'],
              [340, 'Boxed'],
            ],
          },
          {
            y: 668,
            bold: true,
            cells: [
              [220, 'per 39 ft'],
              [340, 'every'],
            ],
          },
          {
            y: 656,
            cells: [
              [72, 'Open track'],
              [220, '8'],
              [340, 'second tie'],
            ],
          },
          {
            y: 644,
            cells: [
              [72, 'Crossing approach'],
              [220, '16'],
              [340, 'every tie,'],
            ],
          },
          { y: 632, cells: [[340, 'both rails']] },
          {
            y: 620,
            cells: [
              [72, 'Turnout'],
              [220, '24'],
              [340, 'every tie'],
            ],
          },
        ],
      ]),
      'anchors.pdf',
    );
    const [table] = tables(content);
    expect(table?.columns).toEqual(['Location', 'Anchored ties per 39 ft', 'Boxed every']);
    expect(table?.rows.map((row) => row.cells)).toEqual([
      ['Open track', '8', 'second tie'],
      ['Crossing approach', '16', 'every tie, both rails'],
      ['Turnout', '24', 'every tie'],
    ]);
    expect(table?.rows[1]?.location).toMatchObject({ line: 5, lineEnd: 6 });
  });
});

describe('PDF tables that go on over a page', () => {
  it("attaches the next page's rows that line up with the columns, past a repeated header, and stops at body text", async () => {
    const row = (y: number, culvert: string, span: string, cover: string) => ({
      y,
      cells: [
        [80, culvert],
        [220, span],
        [360, cover],
      ] as const,
    });
    const header = (y: number) => ({
      y,
      bold: true,
      cells: [
        [80, 'Culvert'],
        [220, 'Span (ft)'],
        [360, 'Cover (ft)'],
      ] as const,
    });
    const first = [
      { y: 700, cells: [[72, 'Drainage structures are listed in Table 8-3.']] as const },
      { y: 300, bold: true, cells: [[72, 'Table 8-3 Culverts under the main track']] as const },
      header(280),
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => row(262 - i * 18, `CV-${i + 1}`, String(4 + i), String(2 + i / 2))),
      { y: 40, cells: [[290, 'Sheet 1']] as const },
    ];
    const second = [
      header(740),
      row(722, 'CV-12', '16', '8.5'),
      row(704, 'CV-13', '18', '9'),
      { y: 670, cells: [[72, 'All culverts carry the full design axle load.']] as const },
    ];
    const content = await readDocument(makeLayoutPdf([first, second]), 'culverts.pdf');
    const [table] = tables(content);
    expect(table?.rows.map((r) => r.cells[0])).toEqual([...Array.from({ length: 13 }, (_, i) => `CV-${i + 1}`)]);
    expect(table?.rows[12]?.cells).toEqual(['CV-13', '18', '9']);
    expect(table?.rows[12]?.location).toMatchObject({ page: 2, row: 14, line: 3 });
    expect(paragraphs(content).map((block) => block.text)).toContain('All culverts carry the full design axle load.');
  });
});

describe('CSV', () => {
  it('reads units in the headers and keeps line numbers (line 1 = the header) and each record as written', async () => {
    const csv = 'Curve,Radius (m),Superelevation (in),Degree of curve,Remarks\nC-1,873.3,"4 1/2",2°00\',"Re-spiral, 2026"\nC-2,1746.5,3,1°00\',\n';
    const content = await readDocument(strToU8(csv), 'curves.csv');
    expect(content.type).toBe('csv');
    const [table] = tables(content);
    expect(table?.headerRow).toBe(1);
    expect(table?.columns).toEqual(['Curve', 'Radius (m)', 'Superelevation (in)', 'Degree of curve', 'Remarks']);
    expect(table?.units).toEqual([null, 'm', 'in', null, null]);
    expect(table?.rows.map((row) => row.location.line)).toEqual([2, 3]);
    expect(table?.rows[0]?.cells).toEqual(['C-1', '873.3', '4 1/2', "2°00'", 'Re-spiral, 2026']);
    expect(table?.rows[0]?.location.text).toBe('C-1,873.3,"4 1/2",2°00\',"Re-spiral, 2026"');
    expect(documentContentSchema.parse(content)).toEqual(content);
  });

  it('passes over a title line, reads semicolons, and numbers a record by the line it starts on', async () => {
    const csv = '\uFEFFGeometry run 7 \u2014 metric\r\n\r\nMilepost;Gage (mm);Note\r\n12.5;1440;"two\r\nlines"\r\n12.6;1436;ok\r\n';
    const content = await readDocument(strToU8(csv), 'run.csv');
    const [title] = paragraphs(content);
    expect(title?.location).toEqual({ line: 1, text: 'Geometry run 7 \u2014 metric' });
    const [table] = tables(content);
    expect(table?.headerRow).toBe(3);
    expect(table?.columns).toEqual(['Milepost', 'Gage (mm)', 'Note']);
    expect(table?.rows.map((row) => [row.location.line, row.cells[2]])).toEqual([
      [4, 'two\r\nlines'],
      [6, 'ok'],
    ]);
  });

  it('reads a large file without a header-like row (no quadratic search, no argument-spread limits)', async () => {
    const csv = Array.from({ length: 150_000 }, (_, i) => `row ${i % 2 ? 'odd' : 'even'},text`)
      .join('\n')
      .replace(/\d/g, '');
    const [table] = tables(await readDocument(strToU8(csv), 'big.csv'));
    expect(table?.headerRow).toBe(1);
    expect(table?.rows).toHaveLength(149_999);
  });

  it('parseCsvRecords handles "" inside quotes', () => {
    expect(parseCsvRecords('a,"say ""7 in."""\n', ',')[0]?.cells).toEqual(['a', 'say "7 in."']);
  });
});

describe('header detection', () => {
  it('takes the first mostly-text row that is followed by a row with numbers', () => {
    const rows = [
      ['Curve schedule GPW-CF-CS-001 Rev. B'],
      ['Degree of curve on the chord definition'],
      [],
      ['Curve', 'Radius (ft)', 'Ea (in)'],
      ['C-1', '2865', '4'],
    ];
    expect(detectHeaderRow(rows)).toBe(3);
    expect(
      detectHeaderRow([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(0);
    expect(detectHeaderRow([[], ['']])).toBe(-1);
  });
});

describe('columnUnit', () => {
  it('reads the unit a column title states in brackets, imperial or metric', () => {
    const titles = [
      'Radius (m)',
      'Radius (ft)',
      'Superelevation Ea (in)',
      'Superelevation Ea (mm)',
      'Design speed freight (mph)',
      'Speed [km/h]',
      'Central angle (deg)',
      'Warning time (s)',
    ];
    expect(titles.map(columnUnit)).toEqual(['m', 'ft', 'in', 'mm', 'mph', 'km/h', 'deg', 's']);
    expect(['Degree of curve (chord)', 'Remarks', 'Curve ID'].map(columnUnit)).toEqual([null, null, null]);
  });
});

describe('XLSX', () => {
  it('finds the header below a title block and gives each cell its A1 reference', async () => {
    const content = await readDocument(
      makeXlsx('Curves', {
        A1: 'Curve schedule',
        A3: 'Radius in metres',
        B5: 'Curve',
        C5: 'Radius (m)',
        D5: 'Cant (mm)',
        B6: 'C-1',
        C6: 873.3000000000001,
        D6: 150,
        B7: 'C-2',
        C7: 1200,
        D7: 95,
      }),
      'curves.xlsx',
    );
    expect(content.type).toBe('xlsx');
    expect(paragraphs(content).map((block) => block.location)).toEqual([
      { sheet: 'Curves', row: 1, cell: 'A1', text: 'Curve schedule' },
      { sheet: 'Curves', row: 3, cell: 'A3', text: 'Radius in metres' },
    ]);
    const [table] = tables(content);
    expect(table?.headerRow).toBe(5);
    expect(table?.columnRefs).toEqual(['A', 'B', 'C', 'D']);
    expect(table?.columns).toEqual(['', 'Curve', 'Radius (m)', 'Cant (mm)']);
    expect(table?.rows[0]?.cells).toEqual(['', 'C-1', '873.3', '150']);
    expect(table?.rows[0]?.location).toMatchObject({ sheet: 'Curves', row: 6, cells: ['A6', 'B6', 'C6', 'D6'] });
  });

  it('columnLetters and displayNumber', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(displayNumber('112.84000000000001')).toBe('112.84');
    expect(displayNumber('7.25')).toBe('7.25');
  });
});

describe('DOCX', () => {
  it('keeps the heading above each paragraph, its number under it, and tables with their caption', async () => {
    const body = [
      p('5  Curves', 'Heading1'),
      p('5.2  Superelevation', 'Heading2'),
      p('The maximum superelevation will be 7 1/2 in.'),
      p('Table 5-1  Curves'),
      tbl([
        ['Curve', 'Radius (ft)'],
        ['C-1', '2865'],
      ]),
    ].join('');
    const content = await readDocument(makeDocx(body), 'dbr.docx');
    expect(content.type).toBe('docx');
    const statement = paragraphs(content).find((block) => block.text.startsWith('The maximum'));
    expect(statement?.location).toEqual({ section: '5.2  Superelevation', paragraph: 1, text: 'The maximum superelevation will be 7 1/2 in.' });
    const [table] = tables(content);
    expect(table).toMatchObject({ section: '5.2  Superelevation', caption: 'Table 5-1  Curves', headerRow: 1, columns: ['Curve', 'Radius (ft)'] });
    expect(table?.rows).toEqual([{ cells: ['C-1', '2865'], location: { row: 2, text: 'C-1 | 2865' } }]);
  });
  it('ignores the indentation of pretty-printed XML and decodes character references', async () => {
    const body = `
      <w:p>
        <w:r><w:t>Gage&#x2009;56 1/2 in.</w:t></w:r>
        <w:r><w:tab/><w:t xml:space="preserve"> &#8212; wide</w:t></w:r>
        <w:del><w:r><w:delText>deleted</w:delText></w:r></w:del>
      </w:p>`;
    const [block] = paragraphs(await readDocument(makeDocx(body), 'pretty.docx'));
    expect(block?.text).toBe('Gage\u200956 1/2 in.\t \u2014 wide');
  });
});

describe.skipIf(!hasSamples)('the design samples (shared/design-samples)', () => {
  const read = (name: string, options = {}) => readDocument(new Uint8Array(fs.readFileSync(path.join(samples, name))), name, options);
  let docx: DocumentContent;
  let pdf: DocumentContent;
  let xlsx: DocumentContent;
  let curvesCsv: DocumentContent;
  let geometryCsv: DocumentContent;

  beforeAll(async () => {
    [docx, pdf, xlsx, curvesCsv, geometryCsv] = await Promise.all([
      read('design-basis-report.docx'),
      read('design-basis-report.pdf'),
      read('curve-schedule.xlsx'),
      read('curve-schedule.csv'),
      read('geometry-exceptions.csv'),
    ]);
  }, 30_000);

  it('every result fits the shared schema', () => {
    for (const content of [docx, pdf, xlsx, curvesCsv, geometryCsv]) expect(documentContentSchema.parse(content)).toEqual(content);
  });

  it('curve-schedule.xlsx: title block rows 1-3, header row 5, 36 curves from row 6 with A1 references; the Notes sheet as text', () => {
    const [table, ...others] = tables(xlsx);
    expect(others).toEqual([]);
    expect(table?.sheet).toBe('Curve Schedule');
    expect(table?.headerRow).toBe(5);
    expect(table?.columns.slice(0, 5)).toEqual(['Curve ID', 'Direction', 'Begin MP', 'End MP', 'Degree of curve (chord)']);
    expect(table?.columns).toContain('Superelevation Ea (in)');
    expect(table?.columns).toContain('Superelevation Ea (mm)');
    expect(table?.units[table.columns.indexOf('Superelevation Ea (mm)')]).toBe('mm');
    expect(table?.units[table.columns.indexOf('Design speed passenger (mph)')]).toBe('mph');
    expect(table?.rows).toHaveLength(36);
    const first = table?.rows[0];
    expect(first?.location.row).toBe(6);
    expect(first?.cells.slice(0, 15)).toEqual(['C-01', 'L', '112.84', '113.19', "1°00'", '16', '130', '1600', '2', '51', '4', '60', '79', '3', '4']);
    expect(first?.location.cells?.[8]).toBe('I6');
    // C-05 on row 10: 7.25 in. superelevation, the first seeded non-conformance.
    const c05 = table?.rows.find((row) => row.cells[0] === 'C-05');
    expect(c05?.location.row).toBe(10);
    expect(c05?.cells[table?.columns.indexOf('Superelevation Ea (in)') ?? -1]).toBe('7.25');
    const titles = paragraphs(xlsx).filter((block) => block.location.sheet === 'Curve Schedule');
    expect(titles.map((block) => block.location.cell)).toEqual(['A1', 'A2', 'A3']);
    expect(titles[2]?.text).toMatch(/chord definition/);
    expect(paragraphs(xlsx).filter((block) => block.location.sheet === 'Notes')).toHaveLength(5);
  });

  it('curve-schedule.csv: header on line 1, C-01 on line 2, C-05 on line 6, 36 curves', () => {
    const [table] = tables(curvesCsv);
    expect(table?.headerRow).toBe(1);
    expect(table?.columns[0]).toBe('Curve ID');
    expect(table?.rows).toHaveLength(36);
    expect(table?.rows[0]?.location.line).toBe(2);
    expect(table?.rows[0]?.cells[0]).toBe('C-01');
    const c05 = table?.rows.find((row) => row.cells[0] === 'C-05');
    expect(c05?.location.line).toBe(6);
    expect(c05?.location.text).toMatch(/^C-05,R,116\.88,117\.17,1°45',11,450,629,7\.25,/);
  });

  it('geometry-exceptions.csv: 46 rows, line 16 is the wide gage of 57.69 in at MP 126.41', () => {
    const [table] = tables(geometryCsv);
    expect(table?.rows).toHaveLength(46);
    expect(table?.columns).toContain('Measured value');
    const row = table?.rows.find((r) => r.location.line === 16);
    expect(row?.cells[table?.columns.indexOf('Milepost') ?? -1]).toBe('126.41');
    expect(row?.cells[table?.columns.indexOf('Measured value') ?? -1]).toBe('57.69');
  });

  it('design-basis-report.docx: the section headings, Table 4-1 with rows A-C, and the statements under their headings', () => {
    const headings = paragraphs(docx).filter((block) => block.headingLevel !== undefined);
    expect(headings.map((block) => block.text)).toEqual(
      expect.arrayContaining(['4.1  Track segments', '5.2  Superelevation', '8  Highway-rail grade crossings', '9  Structures']),
    );
    expect(headings.filter((block) => block.headingLevel === 1)).toHaveLength(11);
    const table41 = tables(docx).find((table) => table.caption?.startsWith('Table 4-1'));
    expect(table41?.section).toBe('4.1  Track segments');
    expect(table41?.columns).toEqual(['Segment', 'Limits', 'Track', 'FRA class', 'Max. freight speed', 'Max. passenger speed']);
    expect(table41?.rows.map((row) => row.cells[0])).toEqual(['A', 'B', 'C']);
    expect(table41?.rows[1]?.cells).toEqual(['B', 'MP 131.5 – MP 148.6', 'Main track', 'Class 3', '45 mph (72 km/h)', '55 mph (89 km/h)']);
    expect(
      tables(docx)
        .find((table) => table.caption?.startsWith('Table 6-1'))
        ?.rows.map((row) => row.cells[2]),
    ).toEqual(['12', '12']);
    const superelevation = paragraphs(docx).find((block) => block.location.section === '5.2  Superelevation' && block.location.paragraph === 1);
    expect(superelevation?.text).toMatch(/7 1\/2 in\. \(191 mm\)/);
    const route9 = paragraphs(docx).find((block) => block.location.section === '8  Highway-rail grade crossings' && block.location.paragraph === 3);
    expect(route9?.text).toMatch(/^At Route 9 \(MP 126\.20\)/);
  });

  it('design-basis-report.pdf: 8 pages; Table 4-1 as a table on page 4 and the superelevation statement on page 5 under 5.2', () => {
    expect(pdf.pages).toBe(8);
    expect(pdf.pagesWithoutText).toBeUndefined();
    const table41 = tables(pdf).find((table) => table.caption?.startsWith('Table 4-1'));
    expect(table41).toMatchObject({ page: 4, section: '4.1 Track segments', headerRow: 1 });
    expect(table41?.columns).toEqual(['Segment', 'Limits', 'Track', 'FRA class', 'Max. freight speed', 'Max. passenger speed']);
    // Row B wraps its limits over two lines; its cells read as in the DOCX.
    const rowB = table41?.rows[1];
    expect(rowB?.cells).toEqual(['B', 'MP 131.5 – MP 148.6', 'Main track', 'Class 3', '45 mph (72 km/h)', '55 mph (89 km/h)']);
    expect(rowB?.location).toMatchObject({ page: 4, row: 3, line: 11, lineEnd: 12 });
    expect(tables(pdf).map((table) => table.caption?.split(' ').slice(0, 2).join(' '))).toEqual(['Table 2-1', 'Table 4-1', 'Table 6-1', 'Table 11-1']);
    const statement = paragraphs(pdf).find((block) => block.text.includes('7 1/2 in. (191 mm)'));
    expect(statement?.location).toMatchObject({ page: 5, line: 3, section: '5.2 Superelevation', paragraph: 1 });
    expect(statement?.location.lineEnd).toBeGreaterThan(3);
    // Subscripts stay in their word.
    expect(paragraphs(pdf).some((block) => block.text === 'Vmax = √[(Ea + Eu) / (0.0007 × D)]')).toBe(true);
    // The running header and the "Page n of 8" footer are not content.
    expect(paragraphs(pdf).some((block) => /^Page \d of 8$/.test(block.text))).toBe(false);
  });

  it('the PDF page cap applies to the real report', async () => {
    expect((await failure(read('design-basis-report.pdf', { maxPdfPages: 5 }))).reason).toBe('too_many_pages');
  });
});

if (!hasSamples) {
  // Said where it shows: the sample documents are in ../shared; the generated fixtures above run anyway.
  console.warn(`readers.test.ts: the design samples are not read: ${samples} is missing (the generated fixtures are)`);
  describe('the design samples (shared/design-samples)', () => {
    it.skip(`skipped: sample folder ${samples} is missing`, () => {});
  });
}
