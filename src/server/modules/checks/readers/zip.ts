import { unzipSync } from 'fflate';
import { ArchiveTooLargeError, assertInflatesWithin, MAX_INFLATED_BYTES } from '../../../lib/archive-limits';
import { describeError, readFailure } from './errors';

/** True for a zip archive (local file header "PK\3\4"). */
export function isZip(data: Uint8Array): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/**
 * Unpacks the entries of an Office document (DOCX, XLSX) that `wanted` accepts, after checking
 * that the whole archive stays within the zip-bomb limits of `archive-limits.ts` (`maxInflatedBytes`
 * lowers the limit, for tests).
 */
export async function unpackOffice(data: Uint8Array, wanted: (name: string) => boolean, maxInflatedBytes = MAX_INFLATED_BYTES): Promise<Map<string, string>> {
  try {
    await assertInflatesWithin(data, maxInflatedBytes);
  } catch (error) {
    if (error instanceof ArchiveTooLargeError) throw readFailure.archiveTooLarge(error.message);
    throw readFailure.corrupt(describeError(error));
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, { filter: (file) => wanted(file.name) });
  } catch (error) {
    throw readFailure.corrupt(describeError(error));
  }
  const decoder = new TextDecoder('utf-8');
  return new Map(Object.entries(files).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

/** The entry names of a zip, read from its central directory, without inflating anything. */
export function zipEntryNames(data: Uint8Array): string[] {
  // End of central directory: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let eocd = data.length - 22; eocd >= Math.max(0, data.length - 65_557); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const count = view.getUint16(eocd + 10, true);
    let at = view.getUint32(eocd + 16, true);
    const names: string[] = [];
    const decoder = new TextDecoder('utf-8');
    for (let i = 0; i < count && at + 46 <= data.length; i++) {
      if (view.getUint32(at, true) !== 0x02014b50) break;
      const nameLength = view.getUint16(at + 28, true);
      const extra = view.getUint16(at + 30, true);
      const comment = view.getUint16(at + 32, true);
      names.push(decoder.decode(data.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + extra + comment;
    }
    return names;
  }
  return [];
}
