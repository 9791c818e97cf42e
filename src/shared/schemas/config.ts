import { z } from 'zod';

/** `GET /api/config`: the explicit subset of server configuration the web app may see. */
export const publicConfigSchema = z.object({
  signupEnabled: z.boolean(),
  externalUrls: z.object({
    designAssistant: z.string().nullable(),
    knowledgeHub: z.string().nullable(),
    podcasts: z.string().nullable(),
  }),
  site: z.object({
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), linkedinUrl: z.string().nullable() }),
    embeds: z.object({ contactForm: z.string().nullable(), demoForm: z.string().nullable() }),
    heroVideoUrl: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
