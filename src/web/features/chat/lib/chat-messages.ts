import { assistantMessages, welcomeMessage } from '../../../../shared/assistant-messages';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages as sharedMessages } from '../../../../shared/messages';
import { CHAT_LIMITS, type ChatResponse, type Thread } from '../../../../shared/schemas/chat';
import { newMessageId, type ChatMessage } from '../types';

const c = assistantMessages.chat;

const now = (): string => new Date().toISOString();

export function welcome(standardName: string, discipline: string): ChatMessage {
  return { id: `welcome-${newMessageId()}`, role: 'system', content: welcomeMessage(standardName, discipline), timestamp: now(), isWelcome: true };
}

export function userMessage(content: string): ChatMessage {
  return { id: newMessageId(), role: 'user', content, timestamp: now() };
}

/** SPEC §9: the last 6 non-system messages, as `{role, content}` (apologies left out). */
export function buildChatContext(history: readonly ChatMessage[]) {
  return history
    .filter((m): m is ChatMessage & { role: 'user' | 'assistant' } => m.role !== 'system' && !m.isError)
    .slice(-CHAT_LIMITS.contextMessages)
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_LIMITS.contextContentMax) }));
}

export function assistantReply(response: ChatResponse): ChatMessage {
  return {
    id: newMessageId(),
    role: 'assistant',
    content: response.response,
    timestamp: now(),
    citations: response.citations,
    coverage: response.coverage,
    metadata: { threadId: response.threadId, runId: response.runId },
  };
}

export interface FailedReply {
  message: ChatMessage;
  toast: { title: string; description: string };
}

/** SPEC §8: the apology followed by the error text; a standard without clauses says so plainly. */
export function failedReply(error: unknown): FailedReply {
  const text = error instanceof Error && error.message ? error.message : sharedMessages.toast.unexpected;
  const notLoaded = error instanceof AppError && error.code === ErrorCode.standardNotLoaded;
  return {
    message: { id: newMessageId(), role: 'assistant', content: notLoaded ? text : `${c.errorReply}\n\n${text}`, timestamp: now(), isError: true },
    toast: notLoaded ? { title: sharedMessages.toast.errorTitle, description: text } : { title: c.errorToastTitle, description: c.errorToastDescription },
  };
}

/** A stored conversation as chat messages, under a welcome that names its standard and discipline. */
export function threadMessages(thread: Thread, standardName: string, discipline: string): ChatMessage[] {
  return [
    welcome(standardName, discipline),
    ...thread.messages.map<ChatMessage>((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      timestamp: m.createdAt,
      citations: m.citations,
      coverage: m.coverage ?? null,
      metadata: m.role === 'assistant' ? { threadId: thread.id, runId: m.runId ?? undefined } : undefined,
    })),
  ];
}
