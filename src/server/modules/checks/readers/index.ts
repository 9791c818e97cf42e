import type { DocumentContent } from '../../../../shared/schemas/document-content';
import { readCsv } from './csv';
import { readDocx } from './docx';
import { isAsciiDxf, isBinaryDxf, readDxf } from './dxf';
import { readFailure } from './errors';
import { readPdf } from './pdf';
import { isIfcStep } from './step-text';
import { readXlsx } from './xlsx';
import { isZip, zipEntryNames } from './zip';

export { DocumentReadError, type DocumentReadFailure } from './errors';
export { DEFAULT_MAX_PDF_PAGES } from './pdf';

/** What the content of a file is, as far as the readers are concerned. */
export type DetectedType = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'ifc' | 'dxf' | 'binary_dxf' | 'dwg' | 'legacy_office' | 'zip' | 'binary';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(data: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => data[index] === byte);
}

function ascii(data: Uint8Array, length: number): string {
  return String.fromCharCode(...data.subarray(0, length));
}

/**
 * The text of a file that holds text: UTF-8 (a BOM allowed), else Windows-1252; null for binary
 * content (NUL bytes or many control characters in the first 8 KiB).
 */
export function decodeText(data: Uint8Array): string | null {
  const head = data.subarray(0, 8192);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return null;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  if (head.length > 0 && control / head.length > 0.05) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * Detects the type by content, never by the name alone: "%PDF-" (within the first KiB, as
 * readers allow), a zip holding word/document.xml (DOCX) or xl/workbook.xml (XLSX), an AutoCAD
 * drawing ("AC1015" and kin), an OLE2 file (DOC, XLS), a binary DXF ("AutoCAD Binary DXF"), else
 * text: a STEP file naming an IFC schema (IFC), an ASCII DXF (its first group opens a SECTION),
 * or CSV; else binary. The name only settles DWG files whose header is damaged.
 */
export function detectDocumentType(data: Uint8Array, fileName = ''): DetectedType {
  if (ascii(data, 1024).includes('%PDF-')) return 'pdf';
  if (isZip(data)) {
    const names = zipEntryNames(data);
    if (names.includes('word/document.xml')) return 'docx';
    if (names.includes('xl/workbook.xml')) return 'xlsx';
    return 'zip';
  }
  if (/^AC(?:10\d\d|1\.[2-5]0|2\.[12]0)/.test(ascii(data, 6))) return 'dwg';
  if (startsWith(data, OLE2)) return 'legacy_office';
  if (isBinaryDxf(ascii(data, 22))) return 'binary_dxf';
  if (/\.dwg$/i.test(fileName)) return 'dwg';
  const head = decodeText(data.subarray(0, 16384));
  if (head === null) return 'binary';
  if (isIfcStep(head)) return 'ifc';
  if (isAsciiDxf(head)) return 'dxf';
  return 'csv';
}

/** Options of {@link readDocument}. */
export interface ReadOptions {
  /** The most pages a PDF may have (the plan's document page limit); default {@link DEFAULT_MAX_PDF_PAGES}. */
  maxPdfPages?: number;
  /** The most a DOCX or XLSX may inflate to; default `MAX_INFLATED_BYTES` of `archive-limits.ts`. */
  maxInflatedBytes?: number;
}

/**
 * Reads an uploaded document into format-neutral content: paragraphs and tables, each with its
 * location in the file and its exact text (PDF page and line, XLSX sheet and cell, CSV line, IFC
 * entity and its STEP line, DXF handle and layer). Throws a {@link DocumentReadError} with a
 * message fit for the uploader when the file is a DWG (DXF, IFC or PDF is asked for), a binary
 * DXF, another type, damaged or truncated, an IFC model without an alignment, a scanned PDF
 * without a text layer, over the page cap, or an archive that inflates too far.
 */
export async function readDocument(data: Uint8Array, fileName: string, options: ReadOptions = {}): Promise<DocumentContent> {
  if (data.length === 0) throw readFailure.empty();
  const type = detectDocumentType(data, fileName);
  switch (type) {
    case 'pdf':
      return readPdf(data, { maxPages: options.maxPdfPages });
    case 'docx':
      return readDocx(data, { maxInflatedBytes: options.maxInflatedBytes });
    case 'xlsx':
      return readXlsx(data, { maxInflatedBytes: options.maxInflatedBytes });
    case 'ifc': {
      // web-ifc's schema tables take over 100 MB once imported: only a process that reads a model pays for them.
      const { readIfc } = await import('./ifc');
      return readIfc(data, decodeText(data) ?? '');
    }
    case 'dxf':
      return readDxf(decodeText(data) ?? '');
    case 'binary_dxf':
      throw readFailure.binaryDxf();
    case 'csv': {
      const text = decodeText(data) ?? '';
      if (text.trim() === '') throw readFailure.empty();
      return readCsv(text);
    }
    case 'dwg':
      throw readFailure.dwg();
    case 'legacy_office':
      throw readFailure.legacyOffice();
    case 'zip':
      // A zip that is neither DOCX nor XLSX: a damaged Office file if its name says so.
      if (/\.(docx|xlsx)$/i.test(fileName)) throw readFailure.corrupt('no word/document.xml or xl/workbook.xml in the archive');
      throw readFailure.unsupported('a zip archive without a Word or Excel document');
    case 'binary':
      if (/\.(pdf|docx|xlsx|ifc|dxf)$/i.test(fileName)) throw readFailure.corrupt(`binary content that is not a ${fileName.split('.').pop()}`);
      throw readFailure.unsupported('binary content of no supported type');
  }
}
