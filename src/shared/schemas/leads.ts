import { z } from 'zod';
import { messages } from '../messages';
import { optionalText, requiredText } from './podcasts';

const m = messages.leads;

export const LEAD_KINDS = ['contact', 'demo'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const TEAM_SIZES = ['1-5', '6-20', '21-50', '51-200', '200+'] as const;

const leadFields = {
  name: requiredText(m.nameRequired, 120),
  email: z.string({ error: messages.validation.invalidEmail }).trim().toLowerCase().pipe(z.email(messages.validation.invalidEmail)).pipe(z.string().max(254)),
  company: optionalText(160),
  role: optionalText(160),
  message: requiredText(m.messageRequired, 5000),
  /**
   * The honeypot: a field people never see and bots fill in. A filled one is answered as a
   * success and not stored, so bots learn nothing.
   */
  website: z.string().max(500).optional(),
};

/** An ISO calendar date from today on (the visitor's preferred demo date). */
const preferredDate = z
  .string({ error: m.preferredDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.preferredDateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), m.preferredDateInvalid)
  .refine((s) => s >= new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10), m.preferredDatePast)
  .nullish()
  .transform((s) => s ?? null);

export const contactRequestSchema = z.object({ kind: z.literal('contact'), ...leadFields });
export const demoRequestSchema = z.object({
  kind: z.literal('demo'),
  ...leadFields,
  message: optionalText(5000),
  preferredDate,
  teamSize: z
    .enum(TEAM_SIZES, { error: m.teamSizeInvalid })
    .nullish()
    .transform((s) => s ?? null),
});

/** `POST /api/leads`: a contact request (/contact) or a demo request (/request-demo). */
export const leadInputSchema = z.discriminatedUnion('kind', [contactRequestSchema, demoRequestSchema], {
  error: m.kindInvalid,
});
export type LeadInput = z.input<typeof leadInputSchema>;

export const leadReceiptSchema = z.object({ received: z.literal(true) });

/** A stored request, as the admin dashboard lists it. */
export const leadSchema = z.object({
  id: z.string(),
  kind: z.enum(LEAD_KINDS),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.string().nullable(),
  message: z.string().nullable(),
  preferredDate: z.string().nullable(),
  teamSize: z.string().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListQuerySchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: m.kindInvalid }).optional(),
});
