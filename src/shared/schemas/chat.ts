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
  chatContext: z
    .array(chatContextItemSchema)
    .max(CHAT_LIMITS.contextMessages * 2)
    .default([]),
  threadId: z.uuid().optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const citationSchema = z.object({
  standard: z.string(),
  ref: z.string(),
  heading: z.string(),
  excerpt: z.string(),
  /** The paragraph that holds what the answer says (`213.9(a)`), when narrower than `ref` (`213.9`). */
  pinpoint: z.string().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const COVERAGE_STATUSES = ['covered', 'partial', 'not_covered'] as const;

/**
 * Whether the library addresses a question: `not_covered` (nothing does, and the answer cites
 * nothing), `partial` (the concepts in `uncovered` are not addressed) or `covered`; `confidence`
 * (0–1) is the share of the question's key concepts the cited clauses address.
 */
export const answerCoverageSchema = z.object({
  status: z.enum(COVERAGE_STATUSES),
  confidence: z.number().min(0).max(1),
  uncovered: z.array(z.string()),
});
export type AnswerCoverage = z.infer<typeof answerCoverageSchema>;

export const chatResponseSchema = z.object({
  response: z.string(),
  threadId: z.string(),
  runId: z.string(),
  citations: z.array(citationSchema),
  coverage: answerCoverageSchema,
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
  /** An answer's coverage; null for questions and for answers stored before coverage was kept. */
  coverage: answerCoverageSchema.nullish(),
  runId: z.string().nullable(),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadSchema = threadSummarySchema.extend({ messages: z.array(threadMessageSchema) });
export type Thread = z.infer<typeof threadSchema>;
