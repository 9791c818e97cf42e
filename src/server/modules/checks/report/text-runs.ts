import { Paragraph, TextRun, type IRunOptions } from 'docx';

// Characters XML 1.0 cannot carry; a reader's text could hold one (a stray control code in a cell).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe to write into the report's XML: characters XML cannot hold are dropped, everything else kept as written. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Runs for `text` with its line breaks kept as breaks (a quoted CSV cell or a clause quote can span lines). */
export function textRuns(text: string, style: Omit<IRunOptions, 'text' | 'break' | 'children'> = {}): TextRun[] {
  return xmlSafe(text)
    .split(/\r\n|\r|\n/)
    .map((line, index) => new TextRun({ ...style, text: line, ...(index > 0 ? { break: 1 } : {}) }));
}

/** A paragraph of plain text. */
export function textParagraph(text: string, style: Omit<IRunOptions, 'text' | 'break' | 'children'> = {}): Paragraph {
  return new Paragraph({ children: textRuns(text, style) });
}
