import { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { contactRequestSchema, demoRequestSchema } from '../../../../shared/schemas/leads';

/** The contact form: SPEC's fields, validated by the same schema the server uses. */
export const contactFormSchema = contactRequestSchema.omit({ kind: true });

/** Form controls give '' for "not chosen"; the shared schema reads that as null. */
const blankAsNull = z.string().transform((value): string | null | undefined => (value.trim() === '' ? null : value));

/** The demo form: the contact fields (message optional), a preferred date and a team size. */
export const demoFormSchema = demoRequestSchema.omit({ kind: true }).extend({
  preferredDate: blankAsNull.pipe(demoRequestSchema.shape.preferredDate),
  teamSize: blankAsNull.pipe(demoRequestSchema.shape.teamSize),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;
export type DemoFormInput = z.input<typeof demoFormSchema>;
export type DemoFormValues = z.output<typeof demoFormSchema>;

/** Shown when the request never got an answer, or an answer without a message of its own. */
export const SEND_FAILED = "We couldn't send your request. Please check your connection and try again.";

/** Field messages of a 400 answer (`details: [{path: 'body.email', message}]`), by field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return fields;
  for (const issue of error.details as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const name = path.replace(/^body\./, '').split('.')[0];
    if (name && !(name in fields)) fields[name] = message;
  }
  return fields;
}

/** What to tell the visitor when sending failed: the server's own message (429, 400), else {@link SEND_FAILED}. */
export function sendFailedMessage(error: unknown): string {
  if (!(error instanceof AppError)) return SEND_FAILED;
  if (error.code === 'network_error' || error.code.startsWith('http_') || error.status >= 500) return SEND_FAILED;
  return error.message.trim() || SEND_FAILED;
}
