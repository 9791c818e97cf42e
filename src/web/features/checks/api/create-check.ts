import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCheckResponseSchema, type CHECK_STANDARDS } from '../../../../shared/schemas/checks';
import { uploadForm } from '../../../lib/upload-form';
import { checkKeys } from './keys';

export interface CreateCheckInput {
  file: File;
  standard: (typeof CHECK_STANDARDS)[number];
  /** The fraction of the file sent so far (0…1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** `POST /api/checks` (multipart `standard`, `file`) → 202 `{id, status}`: the check is queued and runs on the server. */
export async function createCheck({ file, standard, onProgress, signal }: CreateCheckInput) {
  const form = new FormData();
  // The field before the file: the server reads the multipart stream in order.
  form.set('standard', standard);
  form.set('file', file, file.name);
  return uploadForm('/api/checks', form, { schema: createCheckResponseSchema, onProgress, signal });
}

export function useCreateCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCheck,
    onSuccess: () => client.invalidateQueries({ queryKey: checkKeys.all }),
  });
}
