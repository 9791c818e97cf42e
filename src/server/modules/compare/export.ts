import { stringify } from 'csv-stringify/sync';
import { Document, ExternalHyperlink, HeadingLevel, Packer, PageOrientation, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { paths } from '../../../shared/app-routes';
import { citationLabel } from '../../../shared/citation-label';
import { messages } from '../../../shared/messages';
import type { CompareExportFormat, CompareResponse } from '../../../shared/schemas/compare';
import { textRuns, xmlSafe } from '../checks/report/text-runs';

const w = messages.comparePage;

export const EXPORT_TYPES: Record<CompareExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
};

/** The clause's deep link into the standards library, absolute (a file leaves the site). */
export function clauseUrl(publicUrl: string, standard: string, ref: string): string {
  return `${publicUrl}${paths.standards}/${encodeURIComponent(standard)}/${encodeURIComponent(ref)}`;
}

/** Landscape Letter less 0.75 in margins each side, in twentieths of a point. */
const TEXT_WIDTH = 15840 - 2 * 1080;

function cell(text: string, width: number, bold = false): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    ...(bold ? { shading: { fill: 'E7E6E6', type: 'clear', color: 'auto' } } : {}),
    children: [new Paragraph({ children: textRuns(text, { bold, size: 18 }) })],
  });
}

function table(widths: number[], header: string[], rows: string[][]): Table {
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h, i) => cell(h, widths[i]!, true)) }),
      ...rows.map((row) => new TableRow({ cantSplit: true, children: row.map((text, i) => cell(text, widths[i]!)) })),
    ],
  });
}

/** The comparison as a Word document: the summary, the values side by side, then each standard's clauses quoted, each with its link. */
export async function comparisonDocx(comparison: CompareResponse, options: { publicUrl: string; generatedAt?: Date }): Promise<Uint8Array> {
  const when = (options.generatedAt ?? new Date()).toISOString().slice(0, 10);
  const d = w.document;
  const summary = table(
    [4200, 2000, TEXT_WIDTH - 6200],
    [d.standard, d.status, d.clauses],
    comparison.columns.map((c) => [
      c.standard,
      c.status === 'provisions' ? d.provisions : d.none,
      c.provisions.map((p) => citationLabel(c.standard, p.ref)).join('; ') || '—',
    ]),
  );
  const standards = comparison.columns.map((c) => c.standard);
  const values = comparison.rows?.length
    ? [
        new Paragraph({ text: xmlSafe(d.valuesHeading), heading: HeadingLevel.HEADING_1 }),
        table(
          [3000, ...standards.map(() => Math.floor((TEXT_WIDTH - 3000) / standards.length))],
          [w.parameter, ...standards],
          comparison.rows.map((row) => [
            row.parameter,
            ...standards.map((s) => {
              const v = row.values[s];
              return v ? `${v.value} ${v.unit} (${citationLabel(s, v.ref)})` : w.notStated;
            }),
          ]),
        ),
      ]
    : [];
  const columns = comparison.columns.flatMap((c) => [
    new Paragraph({ text: xmlSafe(c.standard), heading: HeadingLevel.HEADING_1 }),
    ...(c.status === 'none'
      ? [new Paragraph({ children: textRuns(w.noProvision(c.standard), { bold: true }) }), new Paragraph({ children: textRuns(w.noProvisionDetail) })]
      : c.provisions.flatMap((p) => [
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [
              new ExternalHyperlink({
                link: clauseUrl(options.publicUrl, c.standard, p.ref),
                children: [new TextRun({ text: xmlSafe(citationLabel(c.standard, p.ref)), style: 'Hyperlink' })],
              }),
              new TextRun({ text: xmlSafe(p.heading ? ` — ${p.heading}` : '') }),
            ],
          }),
          new Paragraph({ indent: { left: 567 }, children: textRuns(p.quote, { italics: true }) }),
        ])),
  ]);
  const document = new Document({
    creator: 'Trackside',
    title: xmlSafe(`${d.title}: ${comparison.topic}`),
    description: xmlSafe(`${d.title}: ${standards.join(', ')}`),
    sections: [
      {
        properties: {
          page: { size: { orientation: PageOrientation.LANDSCAPE, width: 12240, height: 15840 }, margin: { top: 1080, bottom: 1080, left: 1080, right: 1080 } },
        },
        children: [
          new Paragraph({ text: xmlSafe(d.title), heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: `${d.topic}: `, bold: true }), ...textRuns(comparison.topic)] }),
          new Paragraph({ children: textRuns(d.generated(when)) }),
          new Paragraph({ children: textRuns(d.note, { italics: true }) }),
          new Paragraph({ text: xmlSafe(d.summaryHeading), heading: HeadingLevel.HEADING_1 }),
          summary,
          ...values,
          ...columns,
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/**
 * The comparison as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read the
 * section signs and dashes): one line per quoted clause, one per silent standard, then one per
 * standard's value of each parameter lined up.
 */
export function comparisonCsv(comparison: CompareResponse, options: { publicUrl: string }): string {
  const c = w.csv;
  const lines: string[][] = [];
  for (const column of comparison.columns) {
    if (column.status === 'none') {
      lines.push([column.standard, c.none, c.none, '', '', '', w.noProvision(column.standard), '', '']);
      continue;
    }
    for (const p of column.provisions) {
      lines.push([
        column.standard,
        c.provisions,
        c.provision,
        citationLabel(column.standard, p.ref),
        p.section,
        p.heading,
        p.quote,
        '',
        clauseUrl(options.publicUrl, column.standard, p.ref),
      ]);
    }
  }
  for (const row of comparison.rows ?? []) {
    for (const [standard, v] of Object.entries(row.values)) {
      lines.push([
        standard,
        c.provisions,
        c.parameter,
        citationLabel(standard, v.ref),
        '',
        row.parameter,
        v.value,
        v.unit,
        clauseUrl(options.publicUrl, standard, v.ref),
      ]);
    }
  }
  return stringify([[...c.header], ...lines], { bom: true, record_delimiter: 'windows' });
}
