import { ArrowLeftIcon, LockIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { ErrorCode } from '../../../../shared/errors';
import type { TopicDetail } from '../../../../shared/schemas/forum';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useIsAdmin } from '../../../lib/session/get-roles';
import { useSession } from '../../../lib/session/use-session';
import { useCreateReply } from '../api/create-reply';
import { REPLIES_PAGE_SIZE, useReplies } from '../api/get-replies';
import { useTopic } from '../api/get-topic';
import { canStillEdit, formatFull, formatRelative, plural } from '../lib/format';
import { useNow } from '../lib/use-now';
import { EditTopicDialog } from './edit-topic-dialog';
import { ForumMarkdown } from './forum-markdown';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { MemberAvatar } from './member-avatar';
import { ModerationNotice } from './moderation-notice';
import { LockedBadge, PinnedBadge, PostStatusBadge } from './post-badges';
import { LikeButton, SaveButton } from './post-actions';
import { ReplyForm } from './reply-form';
import { ReplyItem } from './reply-item';
import { ReportDialog } from './report-dialog';
import { TopicAdminControls } from './topic-admin-controls';
import { TopicTags } from './topic-card';
import { Pagination } from './topic-list';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={paths.communityForum}>
        <ArrowLeftIcon aria-hidden />
        Back to Community Forum
      </Link>
    </Button>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">{children}</div>;
}

function Replies({ topic, viewer, isAdmin, now }: { topic: TopicDetail; viewer: string; isAdmin: boolean; now: number }) {
  const [page, setPage] = useState(1);
  const replies = useReplies(topic.id, viewer, page);
  const create = useCreateReply(topic.id);
  const canReply = !topic.locked || isAdmin;
  const total = replies.data?.total ?? topic.replies;

  return (
    <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
      <h2 id="replies-heading" className="text-xl font-semibold">
        {plural(total, 'Reply', 'Replies')}
      </h2>
      {replies.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading replies…
        </p>
      ) : replies.isError ? (
        <p role="alert" className="text-destructive">
          Could not load the replies.
        </p>
      ) : replies.data.items.length === 0 ? (
        <p className="text-muted-foreground">No replies yet. Be the first to answer.</p>
      ) : (
        <ol aria-label="Replies" className="flex flex-col gap-3">
          {replies.data.items.map((reply, i) => (
            <li key={reply.id}>
              <ReplyItem reply={reply} index={(page - 1) * REPLIES_PAGE_SIZE + i + 1} isAdmin={isAdmin} now={now} />
            </li>
          ))}
        </ol>
      )}
      {replies.data ? (
        <Pagination page={replies.data.page} pageSize={replies.data.pageSize} total={replies.data.total} label="Reply pages" onPage={setPage} />
      ) : null}

      {canReply ? (
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          <ReplyForm
            label="Your reply"
            submitLabel="Post Reply"
            busyLabel="Posting…"
            onSubmit={async (input) => {
              try {
                const reply = await create.mutateAsync(input);
                // New replies go last (oldest first): show the page they land on.
                setPage(Math.max(1, Math.ceil((total + 1) / REPLIES_PAGE_SIZE)));
                return reply;
              } catch {
                return undefined;
              }
            }}
          />
        </div>
      ) : (
        <p className="flex items-center gap-2 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          <LockIcon className="size-4" aria-hidden />
          {messages.forum.topicLocked}
        </p>
      )}
    </section>
  );
}

/** `/community-forum/:id`: a topic with its replies, reply box, likes, report, save and the author's and admins' tools. */
export function TopicPage() {
  const { id } = useParams();
  const { status, user } = useSession();
  const ready = status !== 'loading';
  const viewer = user?.id ?? null;
  const isAdmin = useIsAdmin();
  const now = useNow();
  const topic = useTopic(id, viewer, ready);
  const title = topic.data?.title;

  // The tab shows the topic's title once it is known (the route's own title until then).
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | Community Forum | Trackside`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (!ready || topic.isPending) {
    return (
      <Shell>
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading…
        </p>
      </Shell>
    );
  }

  if (topic.isError) {
    const error = topic.error;
    const needsSignIn = error instanceof AppError && (error.status === 401 || error.code === ErrorCode.signInRequired);
    const notFound = error instanceof AppError && error.status === 404;
    return (
      <Shell>
        <BackLink />
        <h1 className="text-2xl font-bold">Community Forum</h1>
        {needsSignIn ? (
          <SignInPrompt message={messages.forum.signInRequired} />
        ) : (
          <p role="alert" className="py-12 text-center text-muted-foreground">
            {notFound ? `${messages.forum.topicNotFound}. It may have been removed.` : 'Could not load this topic. Please try again.'}
          </p>
        )}
      </Shell>
    );
  }

  const data = topic.data;
  const signedIn = status === 'signed-in' && viewer !== null;
  const editable = data.isMine && canStillEdit(data.editableUntil, now);
  const minutesLeft = data.editableUntil ? Math.max(1, Math.ceil((new Date(data.editableUntil).getTime() - now) / 60_000)) : 0;
  const target = { kind: 'topic' as const, id: data.id, topicId: data.id };
  const published = data.status === 'published';

  return (
    <Shell>
      <BackLink />
      <article aria-labelledby="topic-title" className="flex flex-col gap-4">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">{data.category.name}</span>
            {data.pinned ? <PinnedBadge /> : null}
            {data.locked ? <LockedBadge /> : null}
            <PostStatusBadge status={data.status} />
          </div>
          <h1 id="topic-title" className="break-words text-2xl font-bold leading-tight tracking-tight sm:text-3xl">
            {data.title}
          </h1>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <MemberAvatar name={data.author.name} className="size-8" />
            <span className="font-medium text-foreground">{data.author.name}</span>
            {data.author.role ? <span>· {data.author.role}</span> : null}
            <span>
              ·{' '}
              <time dateTime={data.createdAt} title={formatFull(data.createdAt)}>
                {formatRelative(data.createdAt, now)}
              </time>
              {data.editedAt ? <span> · edited</span> : null}
            </span>
            <span>· {plural(data.views, 'view', 'views')}</span>
          </div>
          <TopicTags tags={data.tags} />
        </header>

        <ModerationNotice status={data.status} reason={data.moderationReason} />

        <section aria-label="Topic">
          <ForumMarkdown>{data.body}</ForumMarkdown>
        </section>

        {signedIn ? (
          <div className="border-y py-2">
            <div className="-ml-2 flex flex-wrap items-center gap-1">
              <LikeButton target={target} likes={data.likes} liked={data.likedByMe} label="this topic" disabled={!published} />
              <SaveButton topicId={data.id} saved={data.savedByMe} />
              {!data.isMine && published ? <ReportDialog target={target} label="Report this topic" /> : null}
              {editable ? <EditTopicDialog topic={data} minutesLeft={minutesLeft} /> : null}
            </div>
          </div>
        ) : null}

        {signedIn && isAdmin ? <TopicAdminControls topic={data} /> : null}
      </article>

      {signedIn ? <Replies topic={data} viewer={viewer} isAdmin={isAdmin} now={now} /> : <SignInPrompt message={messages.forum.signInRequired} />}
    </Shell>
  );
}
