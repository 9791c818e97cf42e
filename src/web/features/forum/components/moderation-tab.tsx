import { zodResolver } from '@hookform/resolvers/zod';
import { BotIcon, CheckIcon, ExternalLinkIcon, FlagIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FORUM, rejectInputSchema, type ModerationAction, type ModerationItem, type RejectInput } from '../../../../shared/schemas/forum';
import { forumTopicPath } from '../../../app/paths';
import { Loading, LoadFailed } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format-date';
import { useModerationDecision, useModerationDecisions, useModerationQueue } from '../api/moderation';
import { formatRelative, plural } from '../lib/format';
import { ForumMarkdown } from './forum-markdown';
import { PostStatusBadge } from './post-badges';
import { ReasonField } from './reason-field';
import { TopicTags } from './topic-card';
import { Pagination } from './topic-list';

/** What the queue item is, in a few words: "Topic" or "Reply to …". */
function itemHeading(item: ModerationItem): string {
  return item.kind === 'topic' ? (item.title ?? item.topicTitle) : `Reply to “${item.topicTitle}”`;
}

function RejectDialog({ item, onClose }: { item: ModerationItem | null; onClose: () => void }) {
  const id = useId();
  const decide = useModerationDecision();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RejectInput>({ resolver: zodResolver(rejectInputSchema), defaultValues: { reason: '' } });

  const close = () => {
    reset({ reason: '' });
    onClose();
  };

  const handleReject = async (input: RejectInput) => {
    if (!item) return;
    try {
      await decide.mutateAsync({ target: { kind: item.kind, id: item.id }, action: 'reject', input });
      toast.success('Post rejected', { description: itemHeading(item) });
      close();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject this {item?.kind ?? 'post'}?</DialogTitle>
          <DialogDescription>The author sees the reason. The post stays hidden from everyone else.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(handleReject)} className="grid gap-4">
          <ReasonField
            id={`${id}-reason`}
            error={errors.reason?.message}
            placeholder="e.g. Abusive language is not allowed in the forum."
            registration={register('reason')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Rejecting…' : 'Reject'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function QueueItem({ item, onReject }: { item: ModerationItem; onReject: (item: ModerationItem) => void }) {
  const decide = useModerationDecision();
  const heading = itemHeading(item);

  const handleApprove = async () => {
    try {
      await decide.mutateAsync({ target: { kind: item.kind, id: item.id }, action: 'approve' });
      toast.success('Post approved', { description: heading });
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <article aria-label={`${item.kind === 'topic' ? 'Topic' : 'Reply'}: ${heading}`} className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-secondary px-2 py-0.5 font-medium text-secondary-foreground">{item.kind === 'topic' ? 'Topic' : 'Reply'}</span>
        <PostStatusBadge status={item.status} />
        {item.flags.length > 0 ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 font-medium text-destructive">
            <FlagIcon className="size-3" aria-hidden />
            {plural(item.flags.length, 'report', 'reports')}
          </span>
        ) : null}
        <span className="text-muted-foreground">{item.category.name}</span>
      </div>
      <h3 className="break-words font-semibold leading-snug">
        <Link to={forumTopicPath(item.topicId)} className="inline-flex items-start gap-1 hover:underline">
          {heading}
          <ExternalLinkIcon className="mt-1 size-3.5 shrink-0" aria-hidden />
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">
        By <span className="font-medium text-foreground">{item.author.name}</span>
        {item.author.role ? ` · ${item.author.role}` : ''} ·{' '}
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelative(item.createdAt)}
        </time>
      </p>
      {item.autoReasons.length > 0 ? (
        <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
          <p className="flex items-center gap-1 font-medium">
            <BotIcon className="size-4" aria-hidden />
            Held by the automated moderator
          </p>
          <ul className="mt-1 list-disc pl-5">
            {item.autoReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {item.flags.length > 0 ? (
        <div className="rounded-md bg-destructive/5 px-3 py-2 text-sm">
          <p className="font-medium">Reports</p>
          <ul className="mt-1 flex flex-col gap-1">
            {item.flags.map((flag, i) => (
              <li key={`${flag.by.id}-${i}`}>
                “{flag.reason}”{' '}
                <span className="text-muted-foreground">
                  — {flag.by.name}, {formatRelative(flag.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="max-h-60 overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm">
        <ForumMarkdown>{item.body}</ForumMarkdown>
      </div>
      <TopicTags tags={item.tags} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => void handleApprove()} aria-label={`Approve ${heading}`}>
          <CheckIcon aria-hidden />
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={decide.isPending}
          onClick={() => onReject(item)}
          aria-label={`Reject ${heading}`}
        >
          <XIcon aria-hidden />
          Reject
        </Button>
      </div>
    </article>
  );
}

const ACTION_LABELS: Record<ModerationAction, string> = {
  published: 'Published',
  held: 'Held',
  hidden: 'Hidden by reports',
  approved: 'Approved',
  rejected: 'Rejected',
  pinned: 'Pinned',
  unpinned: 'Unpinned',
  locked: 'Locked',
  unlocked: 'Unlocked',
  moved: 'Moved',
  deleted: 'Deleted',
};

function DecisionLog() {
  const [page, setPage] = useState(1);
  const decisions = useModerationDecisions(page);
  if (decisions.isPending) return <Loading label="Loading decisions..." />;
  if (decisions.isError) return <LoadFailed error={decisions.error} fallback="Failed to load the decisions" onRetry={() => void decisions.refetch()} />;
  if (decisions.data.items.length === 0) return <p className="text-sm text-muted-foreground">No decisions yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label="Moderation decisions">
        <TableHeader>
          <TableRow>
            <TableHead>Post</TableHead>
            <TableHead>Decision</TableHead>
            <TableHead className="hidden md:table-cell">By</TableHead>
            <TableHead className="hidden lg:table-cell">Reason</TableHead>
            <TableHead className="hidden sm:table-cell">When</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {decisions.data.items.map((d) => (
            <TableRow key={d.id}>
              <TableCell className="max-w-56">
                <span className="line-clamp-2 break-words">
                  {d.kind === 'reply' ? 'Reply to ' : ''}
                  {d.topicTitle}
                </span>
                <span className="block text-xs text-muted-foreground md:hidden">{d.moderator?.name ?? 'Automated'}</span>
              </TableCell>
              <TableCell className="whitespace-nowrap">{ACTION_LABELS[d.action]}</TableCell>
              <TableCell className="hidden md:table-cell">{d.moderator?.name ?? 'Automated'}</TableCell>
              <TableCell className="hidden max-w-72 text-muted-foreground lg:table-cell">
                <span className="line-clamp-2" title={d.reason ?? undefined}>
                  {d.reason ?? '—'}
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">{formatDateTime(d.createdAt, d.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={decisions.data.page} pageSize={decisions.data.pageSize} total={decisions.data.total} label="Decision pages" onPage={setPage} />
    </div>
  );
}

/** Admin › Moderation: held, hidden and reported forum posts (approve, or reject with a reason) and the decision log. */
export function ModerationTab() {
  const [page, setPage] = useState(1);
  const queue = useModerationQueue(page);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Moderation queue</CardTitle>
          <CardDescription>
            Forum posts held by the automated moderator, hidden after {FORUM.flagsToHide} reports, or reported by members. Approve to publish; reject with a
            reason the author will see.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
          {queue.isPending ? (
            <Loading label="Loading the moderation queue..." />
          ) : queue.isError ? (
            <LoadFailed error={queue.error} fallback="Failed to load the moderation queue" onRetry={() => void queue.refetch()} />
          ) : queue.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing to review. The queue is empty.</p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {plural(queue.data.total, 'post', 'posts')} waiting for review.
              </p>
              <ul aria-label="Posts to review" className="grid gap-4">
                {queue.data.items.map((item) => (
                  <li key={`${item.kind}-${item.id}`}>
                    <QueueItem item={item} onReject={setRejecting} />
                  </li>
                ))}
              </ul>
              <Pagination page={queue.data.page} pageSize={queue.data.pageSize} total={queue.data.total} label="Queue pages" onPage={setPage} />
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Decisions</CardTitle>
          <CardDescription>Every moderation decision, automated or by an admin: who, when and why.</CardDescription>
        </CardHeader>
        <CardContent className="px-1 pb-3 sm:px-3 sm:pb-6">
          <DecisionLog />
        </CardContent>
      </Card>
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
