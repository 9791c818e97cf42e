import { z } from 'zod';
import { messages } from '../messages';
import { recoveryCodeSchema, totpCodeSchema } from './mfa';

/**
 * `DELETE /api/auth/account`: the user's own password again, and (when the account has a verified
 * second factor) a current code from it.
 */
export const deleteAccountSchema = z.object({
  password: z.string({ error: messages.account.passwordRequired }).min(1, messages.account.passwordRequired).max(1000),
  code: z
    .string()
    .trim()
    .refine((v) => totpCodeSchema.safeParse(v).success || recoveryCodeSchema.safeParse(v).success, messages.account.codeFormat)
    .optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What deleting an account did; the reference is the audit log's name for the account from then on. */
export const accountDeletedSchema = z.object({
  reference: z.string(),
  forum_posts: z.enum(['kept', 'removed']),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** How long a prepared "Download my data" zip can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

/** One "Download my data" export as its owner (or an admin) sees it. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['requested', 'running', 'ready', 'failed']),
  bytes: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ exports: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;
