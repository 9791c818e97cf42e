import { z } from 'zod';
import { PROFILE } from '../constants';
import { messages } from '../messages';
import { emailSchema } from './auth';

const v = messages.validation;

const phonePattern = new RegExp(`^[0-9+\\- ]{${PROFILE.phoneMin},${PROFILE.phoneMax}}$`);

/** An optional text field: empty strings mean "not given". */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .optional();

/** SPEC §5 Profile form, in the client's field names (SPEC §3). */
export const profileFormSchema = z.object({
  fullName: z
    .string({ error: v.fullNameRequired })
    .trim()
    .min(1, v.fullNameRequired)
    .max(120)
    .refine((s) => s.split(/\s+/).filter(Boolean).length >= 2, v.fullNameTwoWords),
  email: emailSchema,
  companyName: optionalText,
  jobTitle: optionalText,
  phoneNumber: z
    .string()
    .trim()
    .refine((s) => s === '' || phonePattern.test(s), v.phoneNumber)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** `PATCH /api/profiles/me`: any subset of the form's fields, each with the form's rule. */
export const profileUpdateSchema = profileFormSchema.partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completion: z.object({
    percentage: z.number().int().min(0).max(100),
    isComplete: z.boolean(),
    missingRequired: z.array(z.string()),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const rolesSchema = z.object({ admin: z.boolean(), whitelisted: z.boolean() });
export type Roles = z.infer<typeof rolesSchema>;

export const grantSelfResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
