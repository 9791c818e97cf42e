import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { parseDocx } from './docx';
import { parseEcfrXml } from './ecfr-xml';
import { parseJsonl } from './jsonl';
import { parseText } from './text';
import type { ImportOptions, ParsedDocument } from './types';

export type { ImportOptions, ParsedClause, ParsedDocument } from './types';

/** File extensions the library imports (a folder import takes these, in name order). */
export const SUPPORTED_EXTENSIONS = ['.jsonl', '.json', '.pdf', '.docx', '.txt', '.md', '.markdown', '.xml'] as const;

/** Notes that travel with standards files (README.md, LICENSE.txt, a folder's catalogue.json) are not standards. */
const NOT_STANDARDS = /^(readme|license|licence|notice|changelog|catalogue)$/i;

/** Whether a folder import takes this file: a supported extension, and not a README or licence. */
export function isSupportedFile(fileName: string): boolean {
  const base = path.basename(fileName);
  const extension = path.extname(base).toLowerCase();
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extension) && !NOT_STANDARDS.test(base.slice(0, base.length - extension.length));
}

type Format = 'jsonl' | 'pdf' | 'docx' | 'text' | 'xml';

const BY_EXTENSION: Record<string, Format> = {
  '.jsonl': 'jsonl',
  '.json': 'jsonl',
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.txt': 'text',
  '.md': 'text',
  '.markdown': 'text',
  '.xml': 'xml',
};

/**
 * Parses a standards file of any supported format. Binary formats are recognised by their
 * magic bytes (PDF, DOCX), text formats by extension; a file whose content contradicts its
 * extension, or an unknown type, fails with a message naming the file.
 */
export async function parseStandardFile(data: Uint8Array, options: ImportOptions): Promise<ParsedDocument[]> {
  const detected = await fileTypeFromBuffer(data);
  const extension = path.extname(options.fileName).toLowerCase();
  const byName = BY_EXTENSION[extension];
  let format: Format | undefined;
  if (detected?.ext === 'pdf') format = 'pdf';
  else if (detected?.ext === 'docx' || (detected?.ext === 'zip' && byName === 'docx')) format = 'docx';
  else if (detected && detected.ext !== 'xml') {
    throw new Error(`${options.fileName}: unsupported file type (${detected.mime}); import JSONL, PDF, DOCX, TXT, Markdown or eCFR XML`);
  } else if (byName === 'pdf' || byName === 'docx') {
    throw new Error(`${options.fileName}: not a readable ${byName.toUpperCase()} file`);
  } else format = byName ?? (detected?.ext === 'xml' ? 'xml' : undefined);

  switch (format) {
    case 'pdf': {
      const { parsePdf } = await import('./pdf');
      return parsePdf(data, options);
    }
    case 'docx':
      return parseDocx(data, options);
    case 'jsonl':
      return parseJsonl(decodeText(data, options.fileName), options);
    case 'text':
      return parseText(decodeText(data, options.fileName), options);
    case 'xml':
      return parseEcfrXml(decodeText(data, options.fileName), options);
    default:
      throw new Error(`${options.fileName}: unsupported file type; import .jsonl, .pdf, .docx, .txt, .md or eCFR .xml files`);
  }
}

function decodeText(data: Uint8Array, fileName: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    if (text.includes('\u0000')) throw new Error('binary');
    return text;
  } catch {
    throw new Error(`${fileName}: not a UTF-8 text file`);
  }
}
