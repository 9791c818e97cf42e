import { EraserIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { CHAT_DISCIPLINES, STORAGE_KEYS } from '../../../../shared/constants';
import type { Citation } from '../../../../shared/schemas/chat';
import { ThemeToggle } from '../../../components/layout/theme-toggle';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { StandardOptions } from '../../../components/standard-options';
import { useStandards } from '../../../lib/standards-api';
import { useChat } from '../hooks/use-chat';
import { useThreadLink } from '../hooks/use-thread-link';
import { isChatDiscipline, toChatDiscipline } from '../lib/chat-storage';
import { withComparativeTable } from '../lib/comparative-table';
import { ChatInput } from './chat-input';
import { ClauseDialog } from './clause-dialog';
import { ExportMenu } from './export-menu';
import { HistorySheet } from './history-sheet';
import { MessageList } from './message-list';

function takeInitialQuestion(): string | null {
  try {
    const question = localStorage.getItem(STORAGE_KEYS.initialQuestion);
    if (question !== null) localStorage.removeItem(STORAGE_KEYS.initialQuestion);
    return question;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 /chat: header (discipline, standard, Clear, theme, profile ring), banner,
 * conversation and input. Profile pieces come from the page as slots so features stay apart.
 */
export function ChatView({ headerActions, banner }: { headerActions?: ReactNode; banner?: ReactNode }) {
  const location = useLocation();
  const [initialDiscipline] = useState(() => toChatDiscipline((location.state as { selectedDiscipline?: unknown } | null)?.selectedDiscipline));
  const standards = useStandards();
  const offered = useMemo(() => (standards.data ? withComparativeTable(standards.data) : undefined), [standards.data]);
  const chat = useChat({ standards: offered, initialDiscipline });
  useThreadLink(chat.openThread, Boolean(standards.data));
  const [citation, setCitation] = useState<Citation | null>(null);
  const disciplineId = useId();
  const standardId = useId();

  // SPEC §2 consultation form: a question stored on the landing page is asked on arrival, once.
  const askedInitial = useRef(false);
  const { send, selectedStandard } = chat;
  useEffect(() => {
    if (askedInitial.current || !selectedStandard) return;
    askedInitial.current = true;
    const question = takeInitialQuestion();
    if (question && question.trim() !== '') void send(question);
  }, [selectedStandard, send]);

  const disabledReason = standards.isPending
    ? 'Loading standards...'
    : !chat.selectedStandard
      ? standards.isError
        ? 'The standards library could not be reached. Please reload the page.'
        : 'No standard is loaded yet.'
      : undefined;

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] flex-col framed:h-dvh">
      <div className="shrink-0 border-b bg-background">
        <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-2 px-3 py-2 sm:px-4 sm:py-3">
          <div className="flex items-center gap-1 sm:gap-2">
            <HistorySheet currentThreadId={chat.threadId} onOpenThread={chat.openThread} onNewConversation={chat.clear} onDeletedCurrent={chat.clear} />
            <h1 className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">Compliance Assistant</h1>
            <ExportMenu messages={chat.messages} meta={{ standard: chat.standardName, discipline: chat.selectedDiscipline }} />
            <Button variant="outline" size="sm" onClick={chat.clear} aria-label="Clear conversation">
              <EraserIcon aria-hidden />
              <span className="hidden sm:inline">Clear</span>
            </Button>
            <span className="hidden sm:block">
              <ThemeToggle />
            </span>
            {headerActions}
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center sm:gap-4">
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1 sm:flex sm:items-center sm:gap-2">
              <label htmlFor={disciplineId} className="text-xs font-medium text-muted-foreground">
                Discipline
              </label>
              <NativeSelect
                id={disciplineId}
                value={chat.selectedDiscipline}
                onChange={(e) => {
                  if (isChatDiscipline(e.target.value)) chat.setSelectedDiscipline(e.target.value);
                }}
                className="sm:w-56"
              >
                {CHAT_DISCIPLINES.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1 sm:flex sm:items-center sm:gap-2">
              <label htmlFor={standardId} className="text-xs font-medium text-muted-foreground">
                Standard
              </label>
              <NativeSelect
                id={standardId}
                value={chat.selectedStandard ?? ''}
                onChange={(e) => chat.setSelectedStandard(e.target.value)}
                disabled={!offered}
                className="sm:w-96"
              >
                {!offered ? <option value="">{standards.isError ? 'Unavailable' : 'Loading...'}</option> : null}
                {offered ? (
                  <StandardOptions standards={offered} label={(s) => (s.enabled ? s.name : `${s.name} ${assistantMessages.chat.comingSoon}`)} />
                ) : null}
              </NativeSelect>
            </div>
          </div>
        </div>
      </div>
      {/* In the Ask AI modal's frame the chat stands alone: a phone's height has no room for the banner. */}
      {banner ? <div className="mx-auto w-full max-w-5xl shrink-0 px-3 pt-3 empty:hidden framed:hidden sm:px-4">{banner}</div> : null}
      <MessageList messages={chat.messages} isLoading={chat.isLoading} streamingText={chat.streamingText} onOpenCitation={setCitation} />
      <div className="shrink-0 border-t bg-background px-3 py-3 sm:px-4">
        <ChatInput onSend={chat.send} isLoading={chat.isLoading} disabledReason={disabledReason} />
      </div>
      <ClauseDialog citation={citation} onOpenChange={(open) => (open ? undefined : setCitation(null))} />
    </div>
  );
}
