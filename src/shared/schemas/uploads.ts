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

/** `GET /api/uploads/download-link?url=…`: a stored document's URL, as a material's `file_url` gives it. */
export const downloadLinkQuerySchema = z.object({ url: z.string({ error: 'url is required' }).min(1, 'url is required').max(2000) });

/** A link that opens the document for a while without the session's token (`?download=…`). */
export const downloadLinkSchema = z.object({ url: z.string(), expires_at: z.number().int() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
