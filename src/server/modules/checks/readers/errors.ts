import { messages } from '../../../../shared/messages';

/** Why a file could not be turned into document content. */
export type DocumentReadFailure =
  /** AutoCAD DWG: proprietary, no open reader; DXF, IFC or PDF is asked for. */
  | 'dwg'
  /** Not a PDF, DOCX, XLSX, CSV, IFC or DXF (by content, whatever the name says). */
  | 'unsupported_type'
  /** DOC or XLS (OLE2 compound files): the old binary Office formats. */
  | 'legacy_office'
  /** It starts like a supported format but cannot be parsed (truncated, damaged zip, PDF or IFC). */
  | 'corrupt'
  /** An IFC model without an IfcAlignment: nothing the check reads. */
  | 'ifc_without_alignment'
  /** A binary DXF: only ASCII DXF is read. */
  | 'binary_dxf'
  /** A PDF that needs a password. */
  | 'encrypted'
  /** A PDF none of whose pages has a text layer: reported as such, never as "no findings". */
  | 'scanned_pdf'
  /** A PDF over the page cap. */
  | 'too_many_pages'
  /** A DOCX or XLSX that would inflate beyond the archive limits (zip bomb). */
  | 'archive_too_large'
  /** Readable, but with no text or table in it. */
  | 'empty';

/**
 * An uploaded document that cannot be read, with a message fit to show the person who uploaded
 * it. The check's API maps `reason` to its error code; `detail` (the parser's own words) is for
 * the log only.
 */
export class DocumentReadError extends Error {
  constructor(
    readonly reason: DocumentReadFailure,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DocumentReadError';
  }
}

const text = messages.documentReading;

/** The error for each failure, with its user-facing message. */
export const readFailure = {
  dwg: () => new DocumentReadError('dwg', text.dwg),
  unsupported: (detail?: string) => new DocumentReadError('unsupported_type', text.unsupportedType, detail),
  legacyOffice: () => new DocumentReadError('legacy_office', text.legacyOffice),
  corrupt: (detail?: string) => new DocumentReadError('corrupt', text.corrupt, detail),
  ifcWithoutAlignment: (detail?: string) => new DocumentReadError('ifc_without_alignment', text.ifcWithoutAlignment, detail),
  binaryDxf: () => new DocumentReadError('binary_dxf', text.binaryDxf),
  encrypted: () => new DocumentReadError('encrypted', text.encryptedPdf),
  scanned: (pages: number) => new DocumentReadError('scanned_pdf', text.scannedPdf, `${pages} pages, none with text`),
  tooManyPages: (pages: number, limit: number) => new DocumentReadError('too_many_pages', text.tooManyPages(pages, limit)),
  archiveTooLarge: (detail?: string) => new DocumentReadError('archive_too_large', text.archiveTooLarge, detail),
  empty: () => new DocumentReadError('empty', text.empty),
};

/** The message of anything thrown, for `detail`. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
