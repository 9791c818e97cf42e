import { useState } from 'react';
import { toast } from 'sonner';
import type { UploadFolder } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';
import { saveWithUploads, UploadAbortedError, type SaveProgressState } from './save-with-uploads';
import { useSaving } from './use-saving';

/** A file slot of a content form: the file chosen now, and the stored one it keeps or replaces. */
export interface FileSlot {
  file: File | null;
  onFileChange: (file: File | null) => void;
  currentUrl: string | null;
  onRemoveCurrent: () => void;
}

/** The URLs a content row is saved with: chosen uploads, else the stored files still kept. */
export interface SavedFiles {
  imageUrl: string | null;
  attachmentUrl: string | null;
  /** True when a new attachment was uploaded in this save. */
  attachmentReplaced: boolean;
}

export interface ContentSaveOptions<Field extends string> {
  attachmentFolder: Exclude<UploadFolder, 'images'>;
  stored: { imageUrl: string | null; attachmentUrl: string | null };
  /** The form's fields, so a server error that names one is shown on it. */
  fieldNames: readonly Field[];
  setFieldError: (name: Field, error: { message: string }) => void;
  onBusyChange: (busy: boolean) => void;
  onSaved: () => void;
  /** The success toast's title, and the failure's fallback message. */
  savedTitle: string;
  failedMessage: string;
}

function useFileSlot(stored: string | null): FileSlot {
  const [file, setFile] = useState<File | null>(null);
  const [currentUrl, setCurrentUrl] = useState(stored);
  return { file, onFileChange: setFile, currentUrl, onRemoveCurrent: () => setCurrentUrl(null) };
}

/**
 * SPEC §4 saving of a material or podcast: the cover image and the attachment uploaded first with
 * the save progress, then the row; a failed upload aborts with §8's message and saves nothing, and
 * a server error that names a field is shown on that field.
 */
export function useContentSave<Field extends string>(options: ContentSaveOptions<Field>) {
  const image = useFileSlot(options.stored.imageUrl);
  const attachment = useFileSlot(options.stored.attachmentUrl);
  const [progress, setProgress] = useState<SaveProgressState | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setBusy] = useSaving(options.onBusyChange);

  const save = async (persist: (files: SavedFiles) => Promise<{ title: string }>): Promise<void> => {
    setFailure(undefined);
    setBusy(true);
    try {
      const saved = await saveWithUploads({
        image: image.file ? { folder: 'images', file: image.file } : undefined,
        attachment: attachment.file ? { folder: options.attachmentFolder, file: attachment.file } : undefined,
        onProgress: setProgress,
        save: ({ imageUrl, attachmentUrl }) =>
          persist({
            imageUrl: imageUrl ?? image.currentUrl,
            attachmentUrl: attachmentUrl ?? attachment.currentUrl,
            attachmentReplaced: Boolean(attachmentUrl),
          }),
      });
      toast.success(options.savedTitle, { description: saved.title });
      setBusy(false);
      options.onSaved();
    } catch (error) {
      setProgress(null);
      setBusy(false);
      if (error instanceof UploadAbortedError) {
        setFailure(error.message);
        toast.error(messages.uploads.uploadFailedTitle, { description: serverMessage(error.cause, messages.uploads.uploadFailedDescription) });
        return;
      }
      const message = serverMessage(error, options.failedMessage);
      setFailure(message);
      for (const [name, text] of Object.entries(serverFieldErrors(error))) {
        if ((options.fieldNames as readonly string[]).includes(name)) options.setFieldError(name as Field, { message: text });
      }
      toast.error(messages.toast.errorTitle, { description: message });
    }
  };

  return { image, attachment, progress, failure, saving, save };
}
