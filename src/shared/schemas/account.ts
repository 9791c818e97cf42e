import { z } from 'zod';
import { messages } from '../messages';

/**
 * `DELETE /api/auth/account`: the user's own password again, and (when the account has a verified
 * second factor) a current code from it.
 */
export const deleteAccountSchema = z.object({
  password: z.string({ error: messages.account.passwordRequired }).min(1, messages.account.passwordRequired).max(1000),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, messages.account.codeFormat)
    .optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What deleting an account did; the reference is the audit log's name for the account from then on. */
export const accountDeletedSchema = z.object({
  reference: z.string(),
  forum_posts: z.enum(['kept', 'removed']),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
