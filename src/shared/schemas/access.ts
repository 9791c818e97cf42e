import { z } from 'zod';

/** Resources behind the shared-password gate (SPEC §2 Protected content gate). */
export const PROTECTED_RESOURCES = ['investor_flyer'] as const;

/** `POST /api/access/verify`. An unknown resource is simply not authorized. */
export const accessVerifySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  resource: z
    .string({ error: 'Resource is required' })
    .trim()
    .min(1, 'Resource is required')
    .max(100)
    .regex(/^[a-z0-9_]+$/, 'Resource names use lowercase letters, digits and underscores'),
});

export const accessVerifyResultSchema = z.object({ authorized: z.boolean() });
