import { strToU8, zipSync } from 'fflate';

/** Small documents built in memory for the readers' tests (no binary fixtures in the repository). */

const escapePdfText = (line: string) => line.replace(/[()\\]/g, (c) => `\\${c}`);

/** A PDF of one page per content stream, with Helvetica as /F1 and Helvetica-Bold as /F2 on every page. */
function pdfOf(pageStreams: readonly string[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const kids = pageStreams.map((stream) => {
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(out);
}

/**
 * A PDF whose pages each draw `texts[i]` in Helvetica (several lines, 14 pt apart, where it is an
 * array), or only a filled square (no text layer) where it is null.
 */
export function makePdf(texts: (string | readonly string[] | null)[]): Uint8Array {
  return pdfOf(
    texts.map((text) => {
      const lines = typeof text === 'string' ? [text] : text;
      if (lines === null) return '0.5 g 100 100 400 400 re f';
      return `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => `(${escapePdfText(line)}) Tj T*`).join(' ')} ET`;
    }),
  );
}

/** A line of a {@link makeLayoutPdf} page: its baseline (points from the bottom), bold or not, and its runs by left edge. */
export interface LayoutLine {
  y: number;
  bold?: boolean;
  cells: readonly (readonly [x: number, text: string])[];
}

/** A PDF whose pages draw each run at its own position, in 10 pt Helvetica (or Helvetica-Bold): a table as a PDF printer lays it out. */
export function makeLayoutPdf(pages: readonly (readonly LayoutLine[])[]): Uint8Array {
  return pdfOf(
    pages.map((lines) =>
      lines
        .flatMap((line) => line.cells.map(([x, text]) => `BT /${line.bold ? 'F2' : 'F1'} 10 Tf 1 0 0 1 ${x} ${line.y} Tm (${escapePdfText(text)}) Tj ET`))
        .join('\n'),
    ),
  );
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX with the given body XML (w: elements). */
export function makeDocx(body: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`),
    ...extra,
  });
}

/** A paragraph, optionally with a style id ("Heading1"). */
export function p(text: string, style?: string): string {
  const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** A table of plain cells. */
export function tbl(rows: string[][]): string {
  return `<w:tbl>${rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${p(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
}

/** An XLSX with one sheet whose cells are given by A1 reference (numbers stored as numbers, text inline). */
export function makeXlsx(sheetName: string, cells: Record<string, string | number>): Uint8Array {
  const rows = new Map<number, string[]>();
  for (const [reference, value] of Object.entries(cells)) {
    const row = Number(/\d+$/.exec(reference)?.[0]);
    const cell = typeof value === 'number' ? `<c r="${reference}"><v>${value}</v></c>` : `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`;
    rows.set(row, [...(rows.get(row) ?? []), cell]);
  }
  const sheetData = [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([row, items]) => `<row r="${row}">${items.join('')}</row>`)
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(`<?xml version="1.0"?><workbook ${ns}><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`),
  });
}
