import type { AnswerCoverage, Citation } from '../../../shared/schemas/chat';

/** SPEC §3 Chat message, plus the citations the server returned with an answer. */
export interface ChatMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** ISO time. */
  timestamp: string;
  citations?: Citation[];
  /** How far the library covers what an answer says; missing for replies stored without it. */
  coverage?: AnswerCoverage | null | undefined;
  metadata?: { threadId?: string; runId?: string };
  /** An apology or notice shown in place of an answer; never sent back as context. */
  isError?: boolean;
  /** The opening system greeting (the only system message shown). */
  isWelcome?: boolean;
}

export function newMessageId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
