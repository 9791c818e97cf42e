import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DETECT_HEAD_BYTES, detectUploadType, Utf8TextCheck } from './detect';
import { docx, ELF, GIF, JPEG, mp3, PDF, pe, PNG, SVG_WITH_SCRIPT, TEXT, wav } from './fixtures';
import { parseRange } from './routes';
import { S3StorageDriver } from './s3-storage';
import { createStorageDriver, readAudioDuration, UploadStorage } from './service';
import { LocalStorageDriver, StorageConflictError, type StorageDriver } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'trackside-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function failingStream(first: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield first;
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('client went away');
    })(),
  );
}

/** The behaviour every driver shares. */
function driverContract(name: string, make: () => StorageDriver, bucket: string) {
  describe(`${name} driver`, () => {
    it('puts, stats, gets (whole and a range), and deletes', async () => {
      const driver = make();
      const key = `images/${Date.now()}_contract.png`;
      expect(await driver.exists(bucket, key)).toBe(false);
      expect(await driver.put(bucket, key, Readable.from([PNG.subarray(0, 10), PNG.subarray(10)]), 'image/png')).toEqual({ size: PNG.length });
      expect(await driver.exists(bucket, key)).toBe(true);
      const info = await driver.stat(bucket, key);
      expect(info).toMatchObject({ size: PNG.length, contentType: 'image/png' });
      const whole = await driver.get(bucket, key);
      expect(await readAll(whole!.body)).toEqual(PNG);
      const part = await driver.get(bucket, key, { start: 2, end: 5 });
      expect(await readAll(part!.body)).toEqual(PNG.subarray(2, 6));
      expect(await driver.delete(bucket, key)).toBe(true);
      expect(await driver.delete(bucket, key)).toBe(false);
      expect(await driver.get(bucket, key)).toBeNull();
      expect(await driver.stat(bucket, key)).toBeNull();
    });

    it('never overwrites a key', async () => {
      const driver = make();
      const key = `documents/${Date.now()}_once.txt`;
      await driver.put(bucket, key, Readable.from([Buffer.from('first')]), 'text/plain');
      await expect(driver.put(bucket, key, Readable.from([Buffer.from('second')]), 'text/plain')).rejects.toBeInstanceOf(StorageConflictError);
      expect(await readAll((await driver.get(bucket, key))!.body)).toEqual(Buffer.from('first'));
      await driver.delete(bucket, key);
    });

    it('keeps nothing of a stream that fails', async () => {
      const driver = make();
      const key = `audio/${Date.now()}_broken.wav`;
      await expect(driver.put(bucket, key, failingStream(wav(1)), 'audio/wav')).rejects.toThrow('client went away');
      expect(await driver.exists(bucket, key)).toBe(false);
    });

    it('refuses unsafe keys', async () => {
      const driver = make();
      await expect(driver.put(bucket, '../escape.txt', Readable.from([TEXT]), 'text/plain')).rejects.toThrow(/Unsafe/);
      await expect(driver.stat(bucket, 'images/../../x')).rejects.toThrow(/Unsafe/);
    });
  });
}

driverContract('local', () => new LocalStorageDriver(root), 'podcasts');

describe('local driver on disk', () => {
  it('writes under <root>/<bucket>/<folder>/<name> and leaves no temporary file', async () => {
    const driver = new LocalStorageDriver(root);
    await driver.put('podcasts', 'images/disk.png', Readable.from([PNG]), 'image/png');
    expect(readFileSync(path.join(root, 'podcasts', 'images', 'disk.png'))).toEqual(PNG);
    await expect(driver.put('podcasts', 'images/broken.png', failingStream(PNG), 'image/png')).rejects.toThrow();
    expect(readdirSync(path.join(root, 'podcasts', 'images'))).toEqual(['disk.png']);
  });

  it('sweeps partial files a killed process left, never one an upload may still be writing', async () => {
    const folder = path.join(root, 'podcasts', 'audio');
    mkdirSync(folder, { recursive: true });
    const stale = path.join(folder, '.upload-0123456789abcdef.part');
    const fresh = path.join(folder, '.upload-fedcba9876543210.part');
    writeFileSync(stale, 'half an upload');
    writeFileSync(fresh, 'an upload in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await new LocalStorageDriver(root).sweepPartial(60 * 60_000)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });

  it('is the default; S3 is chosen when all S3_* settings are present', () => {
    expect(createStorageDriver(loadConfig({ DATA_DIR: root }))).toBeInstanceOf(LocalStorageDriver);
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'trackside', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const config = loadConfig({ DATA_DIR: root, ...s3, S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'trackside',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(createStorageDriver(config)).toBeInstanceOf(S3StorageDriver);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_/);
  });
});

const s3Endpoint = process.env.TEST_S3_ENDPOINT;
describe.skipIf(!s3Endpoint)('S3 driver (TEST_S3_ENDPOINT)', () => {
  driverContract(
    's3',
    () =>
      new S3StorageDriver({
        endpoint: s3Endpoint ?? '',
        bucket: process.env.TEST_S3_BUCKET ?? 'trackside-test',
        accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'minioadmin',
        secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'minioadmin',
        region: process.env.TEST_S3_REGION ?? 'us-east-1',
        forcePathStyle: true,
      }),
    `test-${Date.now()}`,
  );
});

describe('detectUploadType', () => {
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
  const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A \0\0\0\0M4A mp42isom'), Buffer.alloc(8), Buffer.alloc(64)]);
  const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), Buffer.alloc(20), Buffer.from([1, 0x1e]), Buffer.from('\x01vorbis'), Buffer.alloc(64)]);
  const ole = (stream: string) => {
    const b = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
    b.writeUInt16LE(0x003e, 24);
    b.writeUInt16LE(0x0003, 26);
    b.writeUInt16LE(0xfffe, 28);
    Buffer.from(`Root Entry\0${stream}\0`, 'utf16le').copy(b, 1024);
    return b;
  };

  it.each([
    ['audio', mp3(), 'mp3'],
    ['audio', wav(1), 'wav'],
    ['audio', m4a, 'm4a'],
    ['audio', ogg, 'ogg'],
    ['images', JPEG, 'jpg'],
    ['images', PNG, 'png'],
    ['images', GIF, 'gif'],
    ['images', webp, 'webp'],
    ['images', SVG_WITH_SCRIPT, 'svg'],
    ['images', Buffer.from('\uFEFF<!-- drawn by hand -->\n<svg viewBox="0 0 1 1"></svg>'), 'svg'],
    ['documents', PDF, 'pdf'],
    ['documents', TEXT, 'txt'],
    ['documents', ole('WordDocument'), 'doc'],
    ['documents', ole('Workbook'), 'xls'],
    ['documents', ole('PowerPoint Document'), 'ppt'],
  ] as const)('%s: recognises .%s', async (folder, data, ext) => {
    expect((await detectUploadType(folder, data, 'upload.bin'))?.ext).toBe(ext);
  });

  it('recognises DOCX from the ZIP entries', async () => {
    expect((await detectUploadType('documents', (await docx()).subarray(0, DETECT_HEAD_BYTES), 'x'))?.ext).toBe('docx');
  });

  it.each([
    ['audio', ELF],
    ['audio', pe()],
    ['audio', PNG],
    ['images', ELF],
    ['images', Buffer.from('<html><script>alert(1)</script></html>')],
    ['images', Buffer.from('<?xml version="1.0"?><note>not svg</note>')],
    ['documents', ELF],
    ['documents', pe()],
    ['documents', PNG],
    ['documents', Buffer.from([0xc3, 0x28, 0x41])],
    ['documents', Buffer.alloc(0)],
  ] as const)('%s: refuses %#', async (folder, data) => {
    expect(await detectUploadType(folder, data, 'song.mp3')).toBeNull();
  });

  it('checks text chunk by chunk, allowing a character split between chunks', () => {
    const euro = Buffer.from('€');
    const check = new Utf8TextCheck();
    expect(check.push(euro.subarray(0, 1))).toBe(true);
    expect(check.push(euro.subarray(1))).toBe(true);
    expect(check.end()).toBe(true);
    const cut = new Utf8TextCheck();
    cut.push(euro.subarray(0, 2));
    expect(cut.end()).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    [undefined, null],
    ['items=0-9', null],
    ['bytes=0-1,5-6', null],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=-', 'unsatisfiable'],
    ['bytes=a-b', 'unsatisfiable'],
    ['bytes=99999999999999999999-', 'unsatisfiable'],
  ] as const)('%s on 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('stored URLs', () => {
  const storage = new UploadStorage(new LocalStorageDriver(root), 'https://trackside.example');

  it('parses its own URLs, relative or on PUBLIC_URL, and nothing else', () => {
    expect(storage.parseStoredUrl('https://trackside.example/storage/podcasts/audio/1_a.mp3')).toEqual({
      folder: 'audio',
      name: '1_a.mp3',
      path: 'audio/1_a.mp3',
    });
    expect(storage.isStoredUrl('/storage/podcasts/documents/1_a.pdf?access_token=x')).toBe(true);
    expect(storage.isStoredUrl('https://other.example/storage/podcasts/audio/1_a.mp3')).toBe(false);
    expect(storage.isStoredUrl('/storage/podcasts/videos/1_a.mp4')).toBe(false);
    expect(storage.isStoredUrl('/storage/other/audio/1_a.mp3')).toBe(false);
    expect(storage.isStoredUrl('/storage/podcasts/audio/.upload-1.part')).toBe(false);
    expect(storage.isStoredUrl('')).toBe(false);
    expect(storage.urlFor('images', '1_a.png')).toBe('https://trackside.example/storage/podcasts/images/1_a.png');
  });

  it('stores generated files under upload-style names, with absolute and site-relative URLs', async () => {
    const stored = await storage.storeGenerated('images', 'svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(stored.path).toMatch(/^images\/\d{13}_[0-9a-f]{16}\.svg$/);
    expect(stored.url).toBe(`https://trackside.example/storage/podcasts/${stored.path}`);
    expect(stored.relativeUrl).toBe(`/storage/podcasts/${stored.path}`);
    expect(readFileSync(path.join(root, 'podcasts', stored.path), 'utf8')).toContain('<svg');
    expect(await storage.deleteStoredFile(stored.relativeUrl)).toBe(true);
    await expect(storage.storeGenerated('images', '../x', Buffer.from('x'))).rejects.toThrow('Unsafe file extension');
  });
});

describe('readAudioDuration', () => {
  it("gives 'mm:ss' from a path or a stream, null for what is not audio", async () => {
    const file = path.join(root, 'ninety.wav');
    const driver = new LocalStorageDriver(root);
    await driver.put('podcasts', 'audio/ninety.wav', Readable.from([wav(90)]), 'audio/wav');
    expect(await readAudioDuration(driver.pathOf('podcasts', 'audio/ninety.wav'))).toBe('01:30');
    expect(await readAudioDuration(Readable.from([wav(3)]), 'audio/wav')).toBe('00:03');
    expect(await readAudioDuration(Readable.from([ELF]))).toBeNull();
    expect(await readAudioDuration(file)).toBeNull();
  });
});
