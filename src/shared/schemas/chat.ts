import { z } from 'zod';
import { CHAT_DISCIPLINES } from '../constants';

export const CHAT_LIMITS = { messageMax: 4000, contextMessages: 6, contextContentMax: 8000 } as const;

export const chatContextItemSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_LIMITS.contextContentMax),
});

/** SPEC §7 AI chat request body; `threadId` continues a stored conversation. */
export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'Please enter your railway engineering question' })
    .trim()
    .min(1, 'Please enter your railway engineering question')
    .max(CHAT_LIMITS.messageMax, `Questions can be at most ${CHAT_LIMITS.messageMax} characters long`),
  selectedStandard: z.string().trim().min(1, 'Choose a standard').max(200),
  discipline: z.enum(CHAT_DISCIPLINES, { error: `Discipline must be one of: ${CHAT_DISCIPLINES.join(', ')}` }),
  chatContext: z.array(chatContextItemSchema).max(CHAT_LIMITS.contextMessages * 2).default([]),
  threadId: z.uuid().optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const citationSchema = z.object({
  standard: z.string(),
  ref: z.string(),
  heading: z.string(),
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatResponseSchema = z.object({
  response: z.string(),
  threadId: z.string(),
  runId: z.string(),
  citations: z.array(citationSchema),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  standard: z.string(),
  discipline: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(citationSchema),
  runId: z.string().nullable(),
  createdAt: z.string(),
});

export const threadSchema = threadSummarySchema.extend({ messages: z.array(threadMessageSchema) });
export type Thread = z.infer<typeof threadSchema>;
