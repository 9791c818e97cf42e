import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { uploadFile } from '../api/upload-file';
import { saveWithUploads, UploadAbortedError, type SaveProgressState } from './save-with-uploads';

vi.mock('../api/upload-file', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const image = new File(['png'], 'cover.png', { type: 'image/png' });
const audio = new File(['wav'], 'episode.wav', { type: 'audio/wav' });

describe('saveWithUploads (SPEC §4 Save progress)', () => {
  beforeEach(() => {
    upload.mockReset();
    upload.mockImplementation(async (folder, file, options) => {
      options?.onProgress?.(0.5);
      return { url: `/storage/podcasts/${folder}/${file.name}`, path: `${folder}/${file.name}` };
    });
  });

  it('steps 10, 40, 50, 80, 100 with each upload filling its stretch, then hands the URLs to save', async () => {
    const seen: SaveProgressState[] = [];
    const save = vi.fn(async (urls: { imageUrl?: string; attachmentUrl?: string }) => urls);
    const result = await saveWithUploads({
      image: { folder: 'images', file: image },
      attachment: { folder: 'audio', file: audio },
      save,
      onProgress: (s) => seen.push(s),
      stepMs: 0,
      holdDoneMs: 0,
    });

    expect(seen.map((s) => s.percent)).toEqual([10, 25, 40, 50, 65, 80, 100]);
    expect(seen.map((s) => s.stage)).toEqual(['image', 'image', 'image', 'attachment', 'attachment', 'saving', 'done']);
    expect(result).toEqual({ imageUrl: '/storage/podcasts/images/cover.png', attachmentUrl: '/storage/podcasts/audio/episode.wav' });
    expect(upload.mock.calls.map(([folder]) => folder)).toEqual(['images', 'audio']);
  });

  it('still passes every step when there is nothing to upload', async () => {
    const seen: number[] = [];
    await saveWithUploads({ save: async () => 'ok', onProgress: (s) => seen.push(s.percent), stepMs: 0, holdDoneMs: 0 });
    expect(seen).toEqual([10, 40, 50, 80, 100]);
    expect(upload).not.toHaveBeenCalled();
  });

  it('aborts before saving when an upload fails, with the message for its kind of file', async () => {
    const cause = new AppError('validation_failed', messages.uploads.audioTooLarge, 413);
    upload.mockImplementation(async (folder) => {
      if (folder === 'audio') throw cause;
      return { url: '/x.png', path: 'images/x.png' };
    });
    const save = vi.fn();
    const attempt = saveWithUploads({
      image: { folder: 'images', file: image },
      attachment: { folder: 'audio', file: audio },
      save,
      onProgress: () => undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(UploadAbortedError);
    await expect(attempt).rejects.toMatchObject({ message: messages.uploads.audioUploadFailed, cause });
    expect(save).not.toHaveBeenCalled();
  });
});
