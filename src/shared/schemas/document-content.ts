import { z } from 'zod';

/**
 * What the document check reads out of an uploaded file, whatever its format: paragraphs and
 * tables, each with where it stands in the file and its exact text, so a finding can point at
 * "page 4, line 12", "sheet Curve Schedule, row 10, cell I10" or "CSV line 6" and quote it.
 */

/** The formats the readers turn into {@link DocumentContent}. */
export const DOCUMENT_TYPES = ['pdf', 'docx', 'xlsx', 'csv', 'ifc', 'dxf'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Where a paragraph stands. Which fields are set depends on the format. */
export const paragraphLocationSchema = z.object({
  /** PDF: 1-based page. */
  page: z.number().int().positive().optional(),
  /** PDF: 1-based line on the page (every text line counted from the top, running header included); CSV: physical line. */
  line: z.number().int().positive().optional(),
  /** PDF: the last line of a paragraph that wraps over several lines. */
  lineEnd: z.number().int().positive().optional(),
  /** DOCX, PDF: the nearest heading above (e.g. "5.2 Superelevation"). */
  section: z.string().optional(),
  /** DOCX, PDF: 1-based paragraph number under that heading (headings are not counted). */
  paragraph: z.number().int().positive().optional(),
  /** XLSX: sheet name, row and cell of text above or beside a table (a title block). */
  sheet: z.string().optional(),
  row: z.number().int().positive().optional(),
  cell: z.string().optional(),
  /** IFC: the STEP id ("#16") of the entity that states it; DXF: the handle of the TEXT, MTEXT or ATTRIB entity ("2A"). */
  entity: z.string().optional(),
  /** DXF: the layer the annotation is drawn on. */
  layer: z.string().optional(),
  /** DXF: the layout it stands in ("Model", or a paper-space layout). */
  layout: z.string().optional(),
  /** The exact source text (IFC: the entity's STEP line; DXF: the annotation with its formatting codes stripped). */
  text: z.string(),
});
export type ParagraphLocation = z.infer<typeof paragraphLocationSchema>;

export const paragraphBlockSchema = z.object({
  kind: z.literal('paragraph'),
  text: z.string(),
  /** Set on headings: 1 for a top-level heading, 2 below it, … */
  headingLevel: z.number().int().positive().optional(),
  location: paragraphLocationSchema,
});
export type ParagraphBlock = z.infer<typeof paragraphBlockSchema>;

/** Where a table row stands. */
export const rowLocationSchema = z.object({
  sheet: z.string().optional(),
  /** PDF: the page the row is on. */
  page: z.number().int().positive().optional(),
  /** XLSX: the sheet's row number; DOCX, PDF: 1-based row of the table (its first row is 1); CSV: the line the record starts on. */
  row: z.number().int().positive(),
  /** CSV: the line the record starts on (line 1 = the first line of the file; a quoted line break makes a record span lines); PDF: the row's first line on its page. */
  line: z.number().int().positive().optional(),
  /** PDF: the last line of a row whose cells wrap. */
  lineEnd: z.number().int().positive().optional(),
  /** XLSX: the A1 reference of each cell, parallel to `cells` (e.g. "I10"). */
  cells: z.array(z.string()).optional(),
  /** IFC: the STEP id ("#135") of the entity that states each value, parallel to `cells`; "" where a cell states nothing of its own. */
  entities: z.array(z.string()).optional(),
  /**
   * The exact source text of the row: CSV, the record as written; IFC, the STEP lines of the
   * entities in `entities`, one a line (`#135=IFCALIGNMENTCANTSEGMENT(…);`); otherwise the cells joined by " | ".
   */
  text: z.string(),
});
export type RowLocation = z.infer<typeof rowLocationSchema>;

export const tableRowSchema = z.object({
  /** Cell texts as written, parallel to the table's `columns`. */
  cells: z.array(z.string()),
  location: rowLocationSchema,
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const tableBlockSchema = z.object({
  kind: z.literal('table'),
  /** XLSX: the sheet's name. */
  sheet: z.string().optional(),
  /** PDF: the page the table starts on. */
  page: z.number().int().positive().optional(),
  /** DOCX, PDF: the heading above the table. */
  section: z.string().optional(),
  /**
   * DOCX, PDF: the caption paragraph just above the table ("Table 4-1 Track segments, …"); a PDF table is only found under one.
   * IFC: what the table lists ("Curves of alignment #16 Main Track").
   */
  caption: z.string().optional(),
  /** The header's row number, in the numbering `rows[].location.row` uses. */
  headerRow: z.number().int().positive(),
  /** Header texts, units included as written ("Superelevation Ea (in)"). */
  columns: z.array(z.string()),
  /** The unit each column title states in brackets ("Radius (m)" → "m", "Superelevation Ea (in)" → "in"), null where none; parallel to `columns`. */
  units: z.array(z.string().nullable()),
  /** XLSX: the column letters, parallel to `columns`. */
  columnRefs: z.array(z.string()).optional(),
  rows: z.array(tableRowSchema),
});
export type TableBlock = z.infer<typeof tableBlockSchema>;

export const documentBlockSchema = z.discriminatedUnion('kind', [paragraphBlockSchema, tableBlockSchema]);
export type DocumentBlock = z.infer<typeof documentBlockSchema>;

/** A document read for checking, format-neutral. */
export const documentContentSchema = z.object({
  type: documentTypeSchema,
  /** PDF: pages in the file. */
  pages: z.number().int().nonnegative().optional(),
  /** PDF: pages that have no text layer (scanned); when every page is one, reading fails with `scanned_pdf` instead. */
  pagesWithoutText: z.array(z.number().int().positive()).optional(),
  blocks: z.array(documentBlockSchema),
});
export type DocumentContent = z.infer<typeof documentContentSchema>;
