import type { UploadFolder } from '../../../../shared/constants';
import { demoCoverSvg, type DemoCoverOptions } from './cover-svg';
import { demoEpisodeAudio } from './wav';

/** What the demo media needs of the uploads module's storage (`app.uploads`). */
export interface GeneratedFileStore {
  storeGenerated(folder: UploadFolder, ext: string, data: Buffer): Promise<{ relativeUrl: string }>;
  deleteStoredFile(url: string): Promise<boolean>;
}

/** 'mm:ss', as podcast durations are written. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Generates demo covers and episode audio and stores them in the `podcasts` bucket, remembering
 * what it wrote so that a seed that fails afterwards can take it all back.
 */
export class DemoMediaWriter {
  private readonly written: string[] = [];

  constructor(private readonly store: GeneratedFileStore) {}

  /** An SVG cover; resolves with its site-relative URL. */
  async cover(options: DemoCoverOptions): Promise<string> {
    const { relativeUrl } = await this.store.storeGenerated('images', 'svg', Buffer.from(demoCoverSvg(options), 'utf8'));
    this.written.push(relativeUrl);
    return relativeUrl;
  }

  /** A short WAV jingle for an episode; resolves with its site-relative URL and 'mm:ss' duration. */
  async episodeAudio(title: string): Promise<{ url: string; duration: string }> {
    const audio = demoEpisodeAudio(title);
    const { relativeUrl } = await this.store.storeGenerated('audio', 'wav', audio.wav);
    this.written.push(relativeUrl);
    return { url: relativeUrl, duration: formatDuration(audio.seconds) };
  }

  /** Deletes every file written so far (best effort). */
  async discard(): Promise<void> {
    const urls = this.written.splice(0);
    await Promise.allSettled(urls.map((url) => this.store.deleteStoredFile(url)));
  }
}
