import { BotIcon, CopyIcon, LoaderCircleIcon, TriangleAlertIcon, UserRoundIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { messages as sharedMessages } from '../../../../shared/messages';
import type { Citation } from '../../../../shared/schemas/chat';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { coverageDisplay } from '../lib/coverage';
import type { ChatMessage } from '../types';
import { CitationChips } from './citation-chips';
import { CoverageCaution, NotCoveredLabel } from './coverage-notice';

// The Markdown renderer (unified, remark-gfm) loads in its own chunk; plain text shows meanwhile.
const LazyMarkdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

function Markdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words">{children}</p>}>
      <LazyMarkdown>{children}</LazyMarkdown>
    </Suspense>
  );
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard');
  } catch {
    toast.error(sharedMessages.toast.errorTitle, { description: 'Could not copy to the clipboard' });
  }
}

function Avatar({ role }: { role: ChatMessage['role'] }) {
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full',
        role === 'user' ? 'bg-secondary text-secondary-foreground' : 'bg-primary text-primary-foreground',
      )}
      aria-hidden
    >
      {role === 'user' ? <UserRoundIcon className="size-4" /> : <BotIcon className="size-4" />}
    </span>
  );
}

function MessageItem({ message, onOpenCitation }: { message: ChatMessage; onOpenCitation: (c: Citation) => void }) {
  const notCoveredId = useId();
  if (message.role === 'user') {
    return (
      <li className="flex justify-end gap-3">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">
          <span className="sr-only">You said: </span>
          {message.content}
        </div>
        <Avatar role="user" />
      </li>
    );
  }
  const isGreeting = message.role === 'system';
  const coverage = coverageDisplay(message);
  const isNotCovered = coverage.kind === 'not_covered';
  // A reply nothing in the library covers cites nothing: no chips, whatever it carries.
  const citations = isNotCovered ? [] : (message.citations ?? []);
  return (
    <li className="flex gap-3">
      <Avatar role={message.role} />
      <div
        role={isNotCovered ? 'note' : undefined}
        aria-labelledby={isNotCovered ? notCoveredId : undefined}
        className={cn(
          'grid min-w-0 max-w-[92%] gap-3 rounded-2xl rounded-tl-sm border px-4 py-3 text-sm',
          isGreeting && 'bg-primary/5',
          message.isError && 'border-destructive/40 bg-destructive/5',
          isNotCovered && 'border-dashed border-muted-foreground/40 bg-muted/50',
          !isGreeting && !message.isError && !isNotCovered && 'bg-card',
        )}
      >
        <span className="sr-only">{isGreeting ? 'Assistant greeting: ' : 'Assistant answered: '}</span>
        {isNotCovered ? <NotCoveredLabel id={notCoveredId} /> : null}
        {coverage.kind === 'caution' ? (
          <CoverageCaution partly={coverage.partly} uncovered={coverage.uncovered} lowConfidence={coverage.lowConfidence} />
        ) : null}
        {message.isError ? (
          <div className="flex gap-2">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          </div>
        ) : isGreeting ? (
          <p>{message.content}</p>
        ) : (
          <Markdown>{message.content}</Markdown>
        )}
        {citations.length > 0 ? <CitationChips citations={citations} onOpen={onOpenCitation} /> : null}
        {message.role === 'assistant' && !message.isError ? (
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={() => void copyText(message.content)}>
              <CopyIcon aria-hidden />
              Copy answer
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The conversation. Only the opening system greeting is shown (other system messages are
 * hidden, SPEC §2); while waiting, streamed text appears under 'Consulting railway standards...'.
 */
export function MessageList({
  messages,
  isLoading,
  streamingText,
  onOpenCitation,
}: {
  messages: readonly ChatMessage[];
  isLoading: boolean;
  streamingText: string;
  onOpenCitation: (citation: Citation) => void;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const visible = messages.filter((m, index) => m.role !== 'system' || (index === 0 && m.isWelcome));

  useEffect(() => {
    const container = endRef.current?.parentElement;
    if (container) container.scrollTop = container.scrollHeight;
  }, [visible.length, streamingText, isLoading]);

  return (
    // The log is the scrolling region around the list: on the <ol> itself the role would take
    // away its list semantics, leaving the messages as list items outside any list.
    <div
      role="log"
      aria-live="polite"
      aria-busy={isLoading}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4"
      tabIndex={0}
      aria-label="Conversation"
    >
      <ol className="mx-auto grid max-w-3xl gap-5">
        {visible.map((message) => (
          <MessageItem key={message.id} message={message} onOpenCitation={onOpenCitation} />
        ))}
        {isLoading ? (
          <li className="flex gap-3">
            <Avatar role="assistant" />
            <div className="grid min-w-0 max-w-[92%] gap-2 rounded-2xl rounded-tl-sm border bg-card px-4 py-3 text-sm">
              {streamingText ? <Markdown>{streamingText}</Markdown> : null}
              <p role="status" className="flex items-center gap-2 text-muted-foreground">
                <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden />
                {assistantMessages.chat.loading}
              </p>
            </div>
          </li>
        ) : null}
      </ol>
      <div ref={endRef} />
    </div>
  );
}
