import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_DISCIPLINE, type ChatDiscipline } from '../../../../shared/constants';
import type { Thread } from '../../../../shared/schemas/chat';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { useSession } from '../../../lib/session/use-session';
import { sendChatMessage } from '../api/send-chat-message';
import { threadKeys } from '../api/threads';
import { clearStoredChat, isChatDiscipline, loadStoredChat, saveStoredChat } from '../lib/chat-storage';
import { assistantReply, buildChatContext, failedReply, threadMessages, userMessage, welcome } from '../lib/chat-messages';
import { newMessageId, type ChatMessage } from '../types';
import { useAnswerStream } from './use-answer-stream';
import { useStandardChoice } from './use-standard-choice';

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
  const standard = useStandardChoice(standards, stored?.selectedStandard);
  const [discipline, setDiscipline] = useState<ChatDiscipline>(initialDiscipline ?? stored?.selectedDiscipline ?? DEFAULT_DISCIPLINE);
  const answer = useAnswerStream();

  // The greeting names the current standard and discipline until the conversation starts.
  const hasConversation = messages.some((m) => m.role !== 'system');
  const displayMessages = useMemo<ChatMessage[]>(() => {
    if (hasConversation) return messages;
    return [{ ...welcome(standard.name, discipline), id: 'welcome' }, ...messages.filter((m) => !m.isWelcome)];
  }, [hasConversation, messages, standard.name, discipline]);

  // SPEC §7 stored chat history: kept per user; nothing is stored for an empty conversation.
  useEffect(() => {
    if (!user?.id) return;
    if (!hasConversation && !threadId) {
      clearStoredChat();
      return;
    }
    saveStoredChat({ userId: user.id, threadId, selectedStandard: standard.selected, selectedDiscipline: discipline, messages });
  }, [user?.id, hasConversation, threadId, standard.selected, discipline, messages]);

  const { begin, end, onToken } = answer;
  const selectedStandard = standard.selected;
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (message === '' || answer.isLoading || !selectedStandard) return false;

      const history = displayMessages;
      // The shown greeting becomes part of the conversation under an id of its own.
      setMessages([...history.map((m) => (m.id === 'welcome' ? { ...m, id: `welcome-${newMessageId()}` } : m)), userMessage(message)]);
      const controller = begin();
      try {
        const response = await sendChatMessage(
          { message, selectedStandard, discipline, chatContext: buildChatContext(history), threadId },
          { onToken, signal: controller.signal },
        );
        if (controller.signal.aborted) return true;
        setMessages((prev) => [...prev, assistantReply(response)]);
        setThreadId(response.threadId);
        void queryClient.invalidateQueries({ queryKey: threadKeys.all(user?.id) });
      } catch (error) {
        if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return true;
        const failed = failedReply(error);
        setMessages((prev) => [...prev, failed.message]);
        toast.error(failed.toast.title, { description: failed.toast.description });
      } finally {
        end(controller);
      }
      return true;
    },
    [answer.isLoading, selectedStandard, displayMessages, discipline, threadId, begin, end, onToken, queryClient, user?.id],
  );

  const { cancel } = answer;
  /** SPEC §4: Clear resets to a fresh welcome, starts a new conversation, drops the stored history. */
  const clear = useCallback(() => {
    cancel();
    setMessages([]);
    setThreadId(undefined);
    clearStoredChat();
  }, [cancel]);

  /** Reopens a stored conversation from the server. */
  const { choose } = standard;
  const openThread = useCallback(
    (thread: Thread) => {
      cancel();
      const threadDiscipline = isChatDiscipline(thread.discipline) ? thread.discipline : discipline;
      const threadStandard = standards?.find((s) => s.code === thread.standard);
      setDiscipline(threadDiscipline);
      if (threadStandard?.enabled) choose(threadStandard.code);
      setThreadId(thread.id);
      setMessages(threadMessages(thread, threadStandard?.name ?? thread.standard, threadDiscipline));
    },
    [cancel, choose, discipline, standards],
  );

  return {
    messages: displayMessages,
    isLoading: answer.isLoading,
    streamingText: answer.streamingText,
    threadId,
    selectedStandard,
    selectedDiscipline: discipline,
    standardName: standard.name,
    setSelectedStandard: choose,
    setSelectedDiscipline: setDiscipline,
    send,
    clear,
    openThread,
  };
}
