import { UPLOAD_PROGRESS_STEPS, type UploadFolder } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { uploadFile } from '../api/upload-file';

const [BEFORE_IMAGE, AFTER_IMAGE, BEFORE_ATTACHMENT, AFTER_ATTACHMENT, DONE] = UPLOAD_PROGRESS_STEPS;

/** What the save is doing, for the label beside the progress bar. */
export type SaveStage = 'image' | 'attachment' | 'saving' | 'done';

export interface SaveProgressState {
  /** 0–100: the SPEC §4 steps 10, 40, 50, 80, 100, and the bytes sent in between. */
  percent: number;
  stage: SaveStage;
}

/** A file to upload before the row is saved: the cover image, or the audio or document. */
export interface PendingUpload {
  folder: UploadFolder;
  file: File;
}

/** SPEC §8 Uploads: the message a failed upload aborts the save with, by folder. */
const abortMessages: Record<UploadFolder, string> = {
  images: messages.uploads.imageUploadFailed,
  audio: messages.uploads.audioUploadFailed,
  documents: messages.uploads.documentUploadFailed,
};

/** An upload failed, so nothing was saved. `message` is SPEC §8's; `cause` the upload's own error. */
export class UploadAbortedError extends Error {
  constructor(
    readonly folder: UploadFolder,
    cause: unknown,
  ) {
    super(abortMessages[folder], { cause });
    this.name = 'UploadAbortedError';
  }
}

export interface SaveWithUploadsOptions<T> {
  image?: PendingUpload | undefined;
  /** The audio (podcasts) or document (materials). */
  attachment?: PendingUpload | undefined;
  /** Saves the row, given the URLs of what was uploaded (undefined for a file not chosen). */
  save: (urls: { imageUrl?: string; attachmentUrl?: string }) => Promise<T>;
  onProgress: (state: SaveProgressState) => void;
  /** How long a step that the next one would replace at once (40 %, or 10 % and 50 % with no file) stays in view. */
  stepMs?: number;
  /** How long 100 % stays in view before the promise settles (the sheet then closes). */
  holdDoneMs?: number;
}

/** Long enough for a step to be seen, short enough not to keep anyone waiting. */
export const STEP_MS = 120;
export const HOLD_DONE_MS = 400;

const pause = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

async function uploadBetween(upload: PendingUpload, from: number, to: number, stage: SaveStage, onProgress: (state: SaveProgressState) => void) {
  try {
    const { url } = await uploadFile(upload.folder, upload.file, {
      onProgress: (fraction) => onProgress({ percent: from + (to - from) * fraction, stage }),
    });
    return url;
  } catch (error) {
    throw new UploadAbortedError(upload.folder, error);
  }
}

/**
 * SPEC §4 Save progress: 10 % and 40 % around the image upload, 50 % and 80 % around the audio
 * or document upload, 100 % at the end. Each upload fills its stretch as its bytes go out; a step
 * the next would replace at once, and the full bar, stay a moment so that every step is seen.
 * A failed upload throws `UploadAbortedError` before anything is saved.
 */
export async function saveWithUploads<T>({
  image,
  attachment,
  save,
  onProgress,
  stepMs = STEP_MS,
  holdDoneMs = HOLD_DONE_MS,
}: SaveWithUploadsOptions<T>): Promise<T> {
  onProgress({ percent: BEFORE_IMAGE, stage: 'image' });
  const imageUrl = image ? await uploadBetween(image, BEFORE_IMAGE, AFTER_IMAGE, 'image', onProgress) : await pause(stepMs);
  onProgress({ percent: AFTER_IMAGE, stage: 'image' });
  await pause(stepMs);
  onProgress({ percent: BEFORE_ATTACHMENT, stage: 'attachment' });
  const attachmentUrl = attachment ? await uploadBetween(attachment, BEFORE_ATTACHMENT, AFTER_ATTACHMENT, 'attachment', onProgress) : await pause(stepMs);
  onProgress({ percent: AFTER_ATTACHMENT, stage: 'saving' });
  const saved = await save({ ...(imageUrl ? { imageUrl } : {}), ...(attachmentUrl ? { attachmentUrl } : {}) });
  onProgress({ percent: DONE, stage: 'done' });
  await pause(holdDoneMs);
  return saved;
}
