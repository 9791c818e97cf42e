import { z } from 'zod';
import { UPLOAD_FOLDERS } from '../constants';

export const uploadFolderSchema = z.enum(UPLOAD_FOLDERS);

/** `POST /api/uploads/:folder` */
export const uploadParamsSchema = z.object({ folder: uploadFolderSchema });

/** `POST /api/uploads/:folder` → 201: the public URL and the path inside the `podcasts` bucket (`audio/1735689600000_ab12….mp3`). */
export const uploadResponseSchema = z.object({
  url: z.string(),
  path: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
