import { HistoryIcon, LoaderCircleIcon, MessageSquarePlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { Thread, ThreadSummary } from '../../../../shared/schemas/chat';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Button } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../../components/ui/sheet';
import { cn } from '../../../lib/utils';
import { getThread, useDeleteThread, useThreads } from '../api/threads';
import { formatDateTime } from '../../../lib/format-date';

/** Past conversations: reopen one, delete one, or start a new one. */
export function HistorySheet({
  currentThreadId,
  onOpenThread,
  onNewConversation,
  onDeletedCurrent,
}: {
  currentThreadId: string | undefined;
  onOpenThread: (thread: Thread) => void;
  onNewConversation: () => void;
  onDeletedCurrent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ThreadSummary | null>(null);
  const threads = useThreads(open);
  const remove = useDeleteThread();

  const handleOpen = async (summary: ThreadSummary) => {
    setLoadingId(summary.id);
    try {
      onOpenThread(await getThread(summary.id));
      setOpen(false);
    } catch {
      // api-client showed the error toast.
    } finally {
      setLoadingId(null);
    }
  };

  const handleDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    try {
      await remove.mutateAsync(id);
      if (id === currentThreadId) onDeletedCurrent();
    } catch {
      // api-client showed the error toast.
    }
  };

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Past conversations">
          <HistoryIcon aria-hidden />
          <span className="hidden sm:inline">History</span>
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel="Close past conversations" className="w-full max-w-sm gap-3 p-4 sm:p-6">
        <div className="grid gap-1 pr-8">
          <SheetTitle>Past conversations</SheetTitle>
          <SheetDescription>Reopen or delete a conversation.</SheetDescription>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            onNewConversation();
            setOpen(false);
          }}
        >
          <MessageSquarePlusIcon aria-hidden />
          New conversation
        </Button>
        {threads.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden />
            Loading conversations...
          </p>
        ) : threads.isError ? (
          <p role="alert" className="text-sm text-muted-foreground">
            Past conversations are not available right now.
          </p>
        ) : threads.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No past conversations yet.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Conversations">
            {threads.data.map((thread) => (
              <li key={thread.id} className={cn('group flex items-center gap-1 rounded-md hover:bg-accent', thread.id === currentThreadId && 'bg-accent')}>
                <button
                  type="button"
                  className="grid min-w-0 flex-1 gap-0.5 rounded-md px-3 py-2 text-left"
                  onClick={() => void handleOpen(thread)}
                  aria-current={thread.id === currentThreadId ? 'true' : undefined}
                  disabled={loadingId !== null}
                >
                  <span className="truncate text-sm font-medium">{thread.title || 'Untitled conversation'}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {thread.standard} · {thread.discipline} · {formatDateTime(thread.updatedAt)}
                  </span>
                </button>
                {loadingId === thread.id ? <LoaderCircleIcon className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden /> : null}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={`Delete conversation ${thread.title}`}
                  onClick={() => setToDelete(thread)}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ConfirmDeleteDialog
          open={toDelete !== null}
          title="Delete this conversation?"
          description={<>“{toDelete?.title}” and its answers will be removed. This cannot be undone.</>}
          onConfirm={() => void handleDelete()}
          onCancel={() => setToDelete(null)}
        />
      </SheetContent>
    </Sheet>
  );
}
