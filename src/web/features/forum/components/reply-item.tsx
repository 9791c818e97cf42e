import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Reply } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { cn } from '../../../lib/utils';
import { useDeleteReply } from '../api/moderate-topic';
import { useUpdateReply } from '../api/update-reply';
import { canStillEdit, formatFull, formatRelative } from '../lib/format';
import { ForumMarkdown } from './forum-markdown';
import { MemberAvatar } from './member-avatar';
import { PostStatusBadge } from './post-badges';
import { LikeButton } from './post-actions';
import { ModerationNotice } from './moderation-notice';
import { ReplyForm } from './reply-form';
import { ReportDialog } from './report-dialog';

/** One reply: author, time, markdown body, like, report; the author edits within the window, admins delete. */
export function ReplyItem({ reply, index, isAdmin, now }: { reply: Reply; index: number; isAdmin: boolean; now: number }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateReply(reply.topicId);
  const remove = useDeleteReply(reply.topicId);
  const editable = reply.isMine && canStillEdit(reply.editableUntil, now);
  const target = { kind: 'reply' as const, id: reply.id, topicId: reply.topicId };
  const label = `reply ${index} by ${reply.author.name}`;

  const handleDelete = async () => {
    setConfirmDelete(false);
    try {
      await remove.mutateAsync(reply.id);
      toast.success('Reply deleted');
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <article
      aria-label={`Reply by ${reply.author.name}`}
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm', reply.status !== 'published' && 'border-amber-400/60')}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <MemberAvatar name={reply.author.name} className="size-8" />
        <span className="font-medium">{reply.author.name}</span>
        {reply.author.role ? <span className="text-muted-foreground">· {reply.author.role}</span> : null}
        <span className="text-muted-foreground">
          ·{' '}
          <time dateTime={reply.createdAt} title={formatFull(reply.createdAt)}>
            {formatRelative(reply.createdAt, now)}
          </time>
          {reply.editedAt ? <span> · edited</span> : null}
        </span>
        <PostStatusBadge status={reply.status} />
      </header>
      <ModerationNotice status={reply.status} reason={reply.moderationReason} />
      {editing ? (
        <ReplyForm
          label="Edit your reply"
          submitLabel="Save changes"
          busyLabel="Saving…"
          initialBody={reply.body}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            try {
              const saved = await update.mutateAsync({ replyId: reply.id, input });
              setEditing(false);
              if (saved.status === 'published') toast.success('Reply updated');
              return saved;
            } catch {
              return undefined;
            }
          }}
        />
      ) : (
        <ForumMarkdown className="text-sm">{reply.body}</ForumMarkdown>
      )}
      <footer className="-ml-2 flex flex-wrap items-center gap-1">
        <LikeButton target={target} likes={reply.likes} liked={reply.likedByMe} label={label} disabled={reply.status !== 'published'} />
        {!reply.isMine && reply.status === 'published' ? <ReportDialog target={target} label={`Report ${label}`} /> : null}
        {editable && !editing ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${label}`}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
        ) : null}
        {isAdmin ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => setConfirmDelete(true)}
            aria-label={`Delete ${label}`}
          >
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        ) : null}
      </footer>
      {isAdmin ? (
        <ConfirmDeleteDialog
          open={confirmDelete}
          title="Delete this reply?"
          description={`The reply by ${reply.author.name} and its likes and reports will be removed.`}
          onConfirm={() => void handleDelete()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </article>
  );
}
