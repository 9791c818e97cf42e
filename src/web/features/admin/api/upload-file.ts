import type { UploadFolder } from '../../../../shared/constants';
import { uploadResponseSchema, type UploadResponse } from '../../../../shared/schemas/uploads';
import { uploadForm } from '../../../lib/upload-form';

export interface UploadOptions {
  /** Called as the bytes go out, with the fraction sent (0…1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/uploads/{audio|images|documents}` (admin): the file as multipart field `file`;
 * answers `{url, path}`. Errors come without a toast: the save shows them.
 */
export async function uploadFile(folder: UploadFolder, file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file, file.name);
  return uploadForm(`/api/uploads/${folder}`, form, { schema: uploadResponseSchema, onProgress: options.onProgress, signal: options.signal });
}
