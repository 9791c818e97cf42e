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
}

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
 * or document upload, 100 % at the end (each upload fills its stretch as its bytes go out).
 * A failed upload throws `UploadAbortedError` before anything is saved.
 */
export async function saveWithUploads<T>({ image, attachment, save, onProgress }: SaveWithUploadsOptions<T>): Promise<T> {
  onProgress({ percent: BEFORE_IMAGE, stage: 'image' });
  const imageUrl = image ? await uploadBetween(image, BEFORE_IMAGE, AFTER_IMAGE, 'image', onProgress) : undefined;
  onProgress({ percent: AFTER_IMAGE, stage: 'image' });
  onProgress({ percent: BEFORE_ATTACHMENT, stage: 'attachment' });
  const attachmentUrl = attachment ? await uploadBetween(attachment, BEFORE_ATTACHMENT, AFTER_ATTACHMENT, 'attachment', onProgress) : undefined;
  onProgress({ percent: AFTER_ATTACHMENT, stage: 'saving' });
  const saved = await save({ ...(imageUrl ? { imageUrl } : {}), ...(attachmentUrl ? { attachmentUrl } : {}) });
  onProgress({ percent: DONE, stage: 'done' });
  return saved;
}
