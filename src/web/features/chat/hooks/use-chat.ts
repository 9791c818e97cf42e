import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { assistantMessages, welcomeMessage } from '../../../../shared/assistant-messages';
import { DEFAULT_DISCIPLINE, type ChatDiscipline } from '../../../../shared/constants';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages as sharedMessages } from '../../../../shared/messages';
import { CHAT_LIMITS, type Thread } from '../../../../shared/schemas/chat';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { defaultStandardCode } from '../../../lib/standards-api';
import { useSession } from '../../../lib/session/use-session';
import { sendChatMessage } from '../api/send-chat-message';
import { threadKeys } from '../api/threads';
import { clearStoredChat, isChatDiscipline, loadStoredChat, saveStoredChat } from '../lib/chat-storage';
import { newMessageId, type ChatMessage } from '../types';

const c = assistantMessages.chat;

/** The server's code for a standard without clauses (409). */

function welcome(standardName: string, discipline: string): ChatMessage {
  return {
    id: `welcome-${newMessageId()}`,
    role: 'system',
    content: welcomeMessage(standardName, discipline),
    timestamp: new Date().toISOString(),
    isWelcome: true,
  };
}

/** SPEC §9: the last 6 non-system messages, as `{role, content}` (apologies left out). */
export function buildChatContext(history: readonly ChatMessage[]) {
  return history
    .filter((m): m is ChatMessage & { role: 'user' | 'assistant' } => m.role !== 'system' && !m.isError)
    .slice(-CHAT_LIMITS.contextMessages)
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_LIMITS.contextContentMax) }));
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return sharedMessages.toast.unexpected;
}

export interface UseChatOptions {
  standards: readonly StandardSummary[] | undefined;
  /** From navigation state (SPEC §2 landing discipline cards). */
  initialDiscipline?: ChatDiscipline | undefined;
}

/**
 * SPEC §4 Chat state: messages (opening with the system welcome), the loading flag, the
 * selected standard and discipline, and the server thread the conversation continues.
 */
export function useChat({ standards, initialDiscipline }: UseChatOptions) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [stored] = useState(() => loadStoredChat(user?.id));

  const [messages, setMessages] = useState<ChatMessage[]>(() => stored?.messages ?? []);
  const [threadId, setThreadId] = useState<string | undefined>(stored?.threadId);
  const [chosenStandard, setChosenStandard] = useState<string | undefined>(stored?.selectedStandard);
  const [discipline, setDiscipline] = useState<ChatDiscipline>(initialDiscipline ?? stored?.selectedDiscipline ?? DEFAULT_DISCIPLINE);
  const [isLoading, setIsLoading] = useState(false);
  const [streamingText, setStreamingText] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  // A chosen standard counts only while it is selectable; otherwise the default applies.
  const enabledCodes = useMemo(() => (standards ?? []).filter((s) => s.enabled).map((s) => s.code), [standards]);
  const selectedStandard =
    chosenStandard && (standards === undefined || enabledCodes.includes(chosenStandard))
      ? chosenStandard
      : standards
        ? defaultStandardCode(standards)
        : undefined;
  const standardName = standards?.find((s) => s.code === selectedStandard)?.name ?? selectedStandard ?? 'the selected standard';

  // The greeting names the current standard and discipline until the conversation starts.
  const hasConversation = messages.some((m) => m.role !== 'system');
  const displayMessages = useMemo<ChatMessage[]>(() => {
    if (hasConversation) return messages;
    const greeting = welcome(standardName, discipline);
    return [{ ...greeting, id: 'welcome' }, ...messages.filter((m) => !m.isWelcome)];
  }, [hasConversation, messages, standardName, discipline]);

  // SPEC §7 stored chat history: kept per user; nothing is stored for an empty conversation.
  useEffect(() => {
    if (!user?.id) return;
    if (!hasConversation && !threadId) {
      clearStoredChat();
      return;
    }
    saveStoredChat({ userId: user.id, threadId, selectedStandard, selectedDiscipline: discipline, messages });
  }, [user?.id, hasConversation, threadId, selectedStandard, discipline, messages]);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (message === '' || isLoading || !selectedStandard) return false;

      const history = displayMessages;
      const userMessage: ChatMessage = { id: newMessageId(), role: 'user', content: message, timestamp: new Date().toISOString() };
      setMessages([...history.map((m) => (m.id === 'welcome' ? { ...m, id: `welcome-${newMessageId()}` } : m)), userMessage]);
      setIsLoading(true);
      setStreamingText('');
      const controller = new AbortController();
      abortRef.current = controller;

      try {
        const response = await sendChatMessage(
          { message, selectedStandard, discipline, chatContext: buildChatContext(history), threadId },
          { onToken: (token) => setStreamingText((s) => s + token), signal: controller.signal },
        );
        if (controller.signal.aborted) return true;
        setMessages((prev) => [
          ...prev,
          {
            id: newMessageId(),
            role: 'assistant',
            content: response.response,
            timestamp: new Date().toISOString(),
            citations: response.citations,
            coverage: response.coverage,
            metadata: { threadId: response.threadId, runId: response.runId },
          },
        ]);
        setThreadId(response.threadId);
        void queryClient.invalidateQueries({ queryKey: threadKeys.all(user?.id) });
      } catch (error) {
        if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return true;
        const isNotLoaded = error instanceof AppError && error.code === ErrorCode.standardNotLoaded;
        setMessages((prev) => [
          ...prev,
          {
            id: newMessageId(),
            role: 'assistant',
            // SPEC §8: the apology followed by the error text; a standard without clauses says so plainly.
            content: isNotLoaded ? errorText(error) : `${c.errorReply}\n\n${errorText(error)}`,
            timestamp: new Date().toISOString(),
            isError: true,
          },
        ]);
        if (isNotLoaded) toast.error(sharedMessages.toast.errorTitle, { description: errorText(error) });
        else toast.error(c.errorToastTitle, { description: c.errorToastDescription });
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          setIsLoading(false);
          setStreamingText('');
        }
      }
      return true;
    },
    [isLoading, selectedStandard, displayMessages, discipline, threadId, queryClient, user?.id],
  );

  /** SPEC §4: Clear resets to a fresh welcome, starts a new conversation, drops the stored history. */
  const clear = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setIsLoading(false);
    setStreamingText('');
    setMessages([]);
    setThreadId(undefined);
    clearStoredChat();
  }, []);

  /** Reopens a stored conversation from the server. */
  const openThread = useCallback(
    (thread: Thread) => {
      abortRef.current?.abort();
      abortRef.current = null;
      setIsLoading(false);
      setStreamingText('');
      const threadDiscipline = isChatDiscipline(thread.discipline) ? thread.discipline : discipline;
      const threadStandard = standards?.find((s) => s.code === thread.standard);
      setDiscipline(threadDiscipline);
      if (threadStandard?.enabled) setChosenStandard(threadStandard.code);
      setThreadId(thread.id);
      setMessages([
        welcome(threadStandard?.name ?? thread.standard, threadDiscipline),
        ...thread.messages.map<ChatMessage>((m) => ({
          id: m.id,
          role: m.role,
          content: m.content,
          timestamp: m.createdAt,
          citations: m.citations,
          coverage: m.coverage ?? null,
          metadata: m.role === 'assistant' ? { threadId: thread.id, runId: m.runId ?? undefined } : undefined,
        })),
      ]);
    },
    [discipline, standards],
  );

  return {
    messages: displayMessages,
    isLoading,
    streamingText,
    threadId,
    selectedStandard,
    selectedDiscipline: discipline,
    standardName,
    setSelectedStandard: setChosenStandard,
    setSelectedDiscipline: setDiscipline,
    send,
    clear,
    openThread,
  };
}
