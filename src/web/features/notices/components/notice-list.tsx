import { CheckCheckIcon, CheckIcon, FileSearchIcon, HistoryIcon, MessageSquareIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CitedIn, Notice, NoticeClause } from '../../../../shared/schemas/notices';
import { checkPath, paths, standardChangesPath, standardPath } from '../../../app/paths';
import { Loading, LoadFailed } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { useMarkNoticesRead, useNotices } from '../api/notices';

/** At most this many refs of each kind are listed in a notice; its comparison shows them all. */
const REFS_SHOWN = 30;

function ClauseRefs({ label, standard, clauses, linked }: { label: string; standard: string; clauses: NoticeClause[]; linked: boolean }) {
  if (clauses.length === 0) return null;
  const shown = clauses.slice(0, REFS_SHOWN);
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">
        {label} ({clauses.length})
      </h3>
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {shown.map((c) => (
          <li key={c.ref}>
            {linked ? (
              <Link
                to={standardPath(standard, c.ref)}
                title={c.heading}
                className="inline-block rounded-md border px-2 py-0.5 text-xs tabular-nums text-primary underline-offset-2 hover:underline"
              >
                {c.ref}
              </Link>
            ) : (
              <span title={c.heading} className="inline-block rounded-md border px-2 py-0.5 text-xs tabular-nums text-muted-foreground">
                {c.ref}
              </span>
            )}
          </li>
        ))}
        {clauses.length > shown.length ? <li className="px-1 text-xs text-muted-foreground">and {clauses.length - shown.length} more</li> : null}
      </ul>
    </div>
  );
}

function CitedList({ label, icon, items, href }: { label: string; icon: ReactNode; items: CitedIn[]; href: (id: string) => string }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h3 className="flex items-center gap-1.5 text-sm font-medium">
        {icon}
        {label}
      </h3>
      <ul className="grid gap-1 text-sm">
        {items.map((item) => (
          <li key={item.id} className="min-w-0">
            <Link to={href(item.id)} className="break-words text-primary underline-offset-2 hover:underline">
              {item.name}
            </Link>{' '}
            <span className="text-muted-foreground">cited {item.refs.join(', ')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const id = useId();
  const markRead = useMarkNoticesRead();
  const { data } = notice;
  const isUnread = notice.readAt === null;
  const uses = data.conversations.length + data.checks.length;
  return (
    <article aria-labelledby={id} className={cn('grid gap-3 rounded-lg border p-4', isUnread && 'border-primary/60 bg-primary/5')}>
      <header className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 id={id} className="text-base font-semibold">
            {isUnread ? (
              <span className="mr-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-primary-foreground">Unread</span>
            ) : null}
            {notice.title}
          </h2>
          <p className="text-xs text-muted-foreground">{formatDateTime(notice.createdAt)}</p>
        </div>
        {isUnread ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => markRead.mutate(notice.id)}
            disabled={markRead.isPending}
            aria-label={`Mark “${notice.title}” as read`}
          >
            <CheckIcon aria-hidden />
            Mark as read
          </Button>
        ) : null}
      </header>
      <p className="text-sm">
        {data.standard} {data.title}: <span className="font-medium">{data.toEdition}</span> replaces {data.fromEdition}.
      </p>
      <ClauseRefs label="Changed clauses" standard={data.standard} clauses={data.changed} linked />
      <ClauseRefs label="Removed clauses" standard={data.standard} clauses={data.removed} linked={false} />
      <ClauseRefs label="New clauses" standard={data.standard} clauses={data.added} linked />
      {uses > 0 ? (
        <div className="grid gap-2 rounded-md border border-amber-600/40 bg-amber-500/10 p-3">
          <p className="text-sm font-medium">Your work that cited these clauses</p>
          <CitedList
            label="Conversations"
            icon={<MessageSquareIcon className="size-4" aria-hidden />}
            items={data.conversations}
            href={(threadId) => `${paths.chat}?thread=${encodeURIComponent(threadId)}`}
          />
          <CitedList label="Document checks" icon={<FileSearchIcon className="size-4" aria-hidden />} items={data.checks} href={checkPath} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">None of your conversations or document checks cited these clauses.</p>
      )}
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link to={standardChangesPath(data.standard, { title: data.title, from: data.fromEdition, to: data.toEdition })}>
            <HistoryIcon aria-hidden />
            See what changed
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** /notices: the signed-in user's notices (new editions of the standards they follow), newest first. */
export function NoticeList() {
  const notices = useNotices();
  const markAll = useMarkNoticesRead();
  if (notices.isPending) return <Loading label="Loading notices..." />;
  if (notices.isError) return <LoadFailed error={notices.error} fallback="Your notices could not be loaded." onRetry={() => void notices.refetch()} />;
  const { notices: list, unread } = notices.data;
  return (
    <div className="grid gap-4">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {unread === 0 ? 'No unread notices.' : `${unread} unread notice${unread === 1 ? '' : 's'}.`}
        </p>
        {unread > 0 ? (
          <Button variant="outline" size="sm" onClick={() => markAll.mutate(undefined)} disabled={markAll.isPending}>
            <CheckCheckIcon aria-hidden />
            Mark all as read
          </Button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing yet. Follow a standard in the{' '}
          <Link to={paths.standards} className="text-primary underline-offset-2 hover:underline">
            Standards Library
          </Link>{' '}
          and each new edition of one of its documents will show here, with the clauses that changed and which of your conversations and checks cited them.
        </p>
      ) : (
        list.map((notice) => <NoticeCard key={notice.id} notice={notice} />)
      )}
    </div>
  );
}
