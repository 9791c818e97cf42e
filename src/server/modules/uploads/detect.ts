import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadFolder } from '../../../shared/constants';

/** How much of an upload is held back to recognise its type (all of it when smaller). */
export const DETECT_HEAD_BYTES = 64 * 1024;

export interface DetectedType {
  /** Extension the stored file gets. */
  ext: string;
  /** True when the rest of the stream must still prove to be UTF-8 text (TXT). */
  mustBeText: boolean;
}

const AUDIO: Record<string, string> = { mp3: 'mp3', wav: 'wav', m4a: 'm4a', mp4: 'm4a', ogg: 'ogg', oga: 'ogg', opus: 'ogg' };
const IMAGES: Record<string, string> = { jpg: 'jpg', png: 'png', apng: 'png', gif: 'gif', webp: 'webp' };
const DOCUMENTS: Record<string, string> = { pdf: 'pdf', doc: 'doc', docx: 'docx', xls: 'xls', xlsx: 'xlsx', ppt: 'ppt', pptx: 'pptx' };

/**
 * The type of an upload from its first bytes (magic numbers via file-type), never from its
 * name or the browser's Content-Type; null when the folder does not accept it. The name is
 * consulted only to tell legacy Office formats apart inside an OLE container whose directory
 * lies beyond the head.
 */
export async function detectUploadType(folder: UploadFolder, head: Buffer, fileName: string): Promise<DetectedType | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  const ext = found?.ext as string | undefined;
  switch (folder) {
    case 'audio': {
      const mapped = ext ? AUDIO[ext] : undefined;
      return mapped ? { ext: mapped, mustBeText: false } : null;
    }
    case 'images': {
      const mapped = ext ? IMAGES[ext] : undefined;
      if (mapped) return { ext: mapped, mustBeText: false };
      if ((ext === undefined || ext === 'xml' || ext === 'svg') && looksLikeSvg(head)) return { ext: 'svg', mustBeText: false };
      return null;
    }
    case 'documents': {
      const mapped = ext ? DOCUMENTS[ext] : undefined;
      if (mapped) return { ext: mapped, mustBeText: false };
      if (ext === 'cfb') {
        const legacy = legacyOfficeType(head, fileName);
        return legacy ? { ext: legacy, mustBeText: false } : null;
      }
      if (ext === 'zip') {
        const ooxml = ooxmlType(head);
        return ooxml ? { ext: ooxml, mustBeText: false } : null;
      }
      if (ext === undefined || ext === 'xml') {
        return isUtf8Text(head, head.length >= DETECT_HEAD_BYTES) ? { ext: 'txt', mustBeText: true } : null;
      }
      return null;
    }
  }
}

/** `<svg`, optionally after a BOM, an XML declaration, comments and a DOCTYPE. */
function looksLikeSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE\s+svg[^>[]*>\s*)*<svg[\s>/]/i.test(text);
}

/** Stream names inside the OLE directory (UTF-16LE) that mark Word, Excel and PowerPoint files. */
const OLE_MARKERS: Array<[string, string]> = [
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
];

function legacyOfficeType(head: Buffer, fileName: string): string | null {
  for (const [name, ext] of OLE_MARKERS) {
    if (head.includes(Buffer.from(`${name}\0`, 'utf16le'))) return ext;
  }
  const byName = path.extname(fileName).slice(1).toLowerCase();
  return ['doc', 'xls', 'ppt'].includes(byName) ? byName : null;
}

/** A ZIP whose entries (names are stored uncompressed) are those of an Office Open XML file. */
function ooxmlType(head: Buffer): string | null {
  const text = head.toString('latin1');
  if (!text.includes('[Content_Types].xml') && !text.includes('_rels/.rels')) return null;
  if (text.includes('word/')) return 'docx';
  if (text.includes('xl/')) return 'xlsx';
  if (text.includes('ppt/')) return 'pptx';
  return null;
}

/** Valid UTF-8 without NUL bytes; `partial` allows a character cut at the end of the sample. */
function isUtf8Text(sample: Buffer, partial: boolean): boolean {
  const check = new Utf8TextCheck();
  return check.push(sample) && (partial || check.end());
}

/** Checks a stream chunk by chunk: valid UTF-8, no NUL bytes. */
export class Utf8TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private ok = true;

  push(chunk: Uint8Array): boolean {
    if (!this.ok) return false;
    if (chunk.includes(0)) return (this.ok = false);
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
    return this.ok;
  }

  end(): boolean {
    if (!this.ok) return false;
    try {
      this.decoder.decode();
    } catch {
      this.ok = false;
    }
    return this.ok;
  }
}
