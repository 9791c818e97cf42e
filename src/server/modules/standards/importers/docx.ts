import mammoth from 'mammoth';
import { ArchiveTooLargeError, assertInflatesWithin } from '../../../lib/archive-limits';
import { parseText } from './text';
import type { ImportOptions, ParsedDocument } from './types';

/**
 * Word documents: the text of every paragraph (through mammoth), then the text parser.
 * Headings must carry their numbers as text ("4.2.1 Rail wear limits"); numbers that Word
 * draws from automatic list numbering are not part of the document's text.
 */
export async function parseDocx(data: Uint8Array, options: ImportOptions): Promise<ParsedDocument[]> {
  let text: string;
  try {
    await assertInflatesWithin(data);
    text = (await mammoth.extractRawText({ buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) })).value;
  } catch (error) {
    if (error instanceof ArchiveTooLargeError) throw new Error(`${options.fileName}: refused, ${error.message}`);
    throw new Error(`${options.fileName}: not a readable DOCX file`);
  }
  return parseText(text, { ...options, fileName: options.fileName });
}
