import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import { fileOfSize } from '../test/content-fixtures';
import { contentFileProblem, fileNameOf, formatFileSize } from './content-files';

const MB = 1024 * 1024;

describe('contentFileProblem (SPEC §5 upload rules)', () => {
  it.each([
    ['audio', 'episode.mp3', 'audio/mpeg'],
    ['audio', 'episode.WAV', 'audio/wav'],
    ['audio', 'episode.m4a', 'audio/x-m4a'],
    ['audio', 'episode.ogg', 'audio/ogg'],
    ['images', 'cover.jpeg', 'image/jpeg'],
    ['images', 'cover.svg', 'image/svg+xml'],
    ['documents', 'paper.pdf', 'application/pdf'],
    ['documents', 'notes.txt', 'text/plain'],
    ['documents', 'deck.pptx', ''],
  ] as const)('accepts %s %s', (folder, name, type) => {
    expect(contentFileProblem(folder, fileOfSize(name, type, 1000))).toBeUndefined();
  });

  it('refuses another type with the folder message', () => {
    expect(contentFileProblem('audio', fileOfSize('cover.png', 'image/png', 10))).toBe(messages.uploads.audioInvalidType);
    expect(contentFileProblem('images', fileOfSize('setup.exe', 'application/x-msdownload', 10))).toBe(messages.uploads.imageInvalidType);
    expect(contentFileProblem('documents', fileOfSize('song.mp3', 'audio/mpeg', 10))).toBe(messages.uploads.documentInvalidType);
  });

  it('reads the MIME type of a name without an extension', () => {
    expect(contentFileProblem('images', fileOfSize('cover', 'image/png', 10))).toBeUndefined();
    expect(contentFileProblem('images', fileOfSize('cover', 'text/html', 10))).toBe(messages.uploads.imageInvalidType);
  });

  it('refuses files over 80, 5 and 20 MB, and accepts them at the limit', () => {
    expect(contentFileProblem('audio', fileOfSize('a.mp3', 'audio/mpeg', 83_886_080))).toBeUndefined();
    expect(contentFileProblem('audio', fileOfSize('a.mp3', 'audio/mpeg', 83_886_081))).toBe(messages.uploads.audioTooLarge);
    expect(contentFileProblem('images', fileOfSize('a.png', 'image/png', 5 * MB + 1))).toBe(messages.uploads.imageTooLarge);
    expect(contentFileProblem('documents', fileOfSize('a.pdf', 'application/pdf', 20 * MB + 1))).toBe(messages.uploads.documentTooLarge);
  });
});

describe('helpers', () => {
  it('formats sizes and names stored files', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2.5 * MB)).toBe('2.5 MB');
    expect(fileNameOf('/storage/podcasts/audio/1735689600000_ab12.mp3?x=1')).toBe('1735689600000_ab12.mp3');
  });
});
