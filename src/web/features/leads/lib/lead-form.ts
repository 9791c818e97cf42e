import { z } from 'zod';
import { serverMessage } from '../../../lib/server-errors';
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

/** What to tell the visitor when sending failed: the server's own message (429, 400), else {@link SEND_FAILED}. */
export function sendFailedMessage(error: unknown): string {
  return serverMessage(error, SEND_FAILED, { hideServerFailures: true });
}
