import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The most an Office document (DOCX, XLSX, PPTX: a zip) may inflate to; real standards stay far below. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** The most entries such a document may hold. */
export const MAX_ARCHIVE_ENTRIES = 10_000;

export class ArchiveTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`it would inflate to more than ${Math.round(limitBytes / (1024 * 1024))} MB`);
    this.name = 'ArchiveTooLargeError';
  }
}

function open(data: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

/** Reads one entry to its end, counting the bytes and keeping none. */
function inflatedSize(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > budget) stream.destroy(new ArchiveTooLargeError(0));
      });
      stream.on('end', () => resolve(bytes));
      stream.on('error', reject);
    }),
  );
}

/**
 * Checks, before a zip-based document is parsed whole, that it does not inflate beyond
 * `maxBytes` (a "zip bomb": a 0.5 MB DOCX that inflates to 200 MB took the server's memory from
 * 0.6 to 2.3 GB). Every entry is streamed and counted, so sizes the archive declares falsely
 * are caught as well (yauzl checks each against its declaration).
 */
export async function assertInflatesWithin(data: Uint8Array, maxBytes = MAX_INFLATED_BYTES): Promise<void> {
  const zip = await open(data);
  try {
    if (zip.entryCount > MAX_ARCHIVE_ENTRIES) throw new ArchiveTooLargeError(maxBytes);
    let declared = 0;
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > maxBytes) return reject(new ArchiveTooLargeError(maxBytes));
        inflatedSize(zip, entry, maxBytes - total)
          .then((bytes) => {
            total += bytes;
            zip.readEntry();
          })
          .catch((error: unknown) => reject(error instanceof ArchiveTooLargeError ? new ArchiveTooLargeError(maxBytes) : error));
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
