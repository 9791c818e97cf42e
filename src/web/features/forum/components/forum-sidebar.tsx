import { BookmarkIcon, MailIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import type { ForumCategoriesResponse, ForumCategoryId } from '../../../../shared/schemas/forum';
import { forumTopicPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../../components/ui/sheet';
import { cn } from '../../../lib/utils';
import { useActiveMembers } from '../api/get-active-members';
import { useForumStats } from '../api/get-forum-stats';
import { useSavedTopics } from '../api/get-saved-topics';
import { formatRelative, plural } from '../lib/format';
import { MemberAvatar } from './member-avatar';

function SidebarCard({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-xl border bg-card p-4 text-card-foreground shadow-sm', className)}>
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SavedTopicsList({ viewer }: { viewer: string }) {
  const saved = useSavedTopics(viewer, 1);
  if (saved.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading saved topics…
      </p>
    );
  }
  if (saved.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your saved topics.
      </p>
    );
  }
  if (saved.data.items.length === 0) return <p className="text-sm text-muted-foreground">Nothing saved yet. Use Save on a topic to keep it here.</p>;
  return (
    <ul aria-label="Saved topics" className="flex flex-col gap-2">
      {saved.data.items.map((topic) => (
        <li key={topic.id} className="rounded-md border p-3">
          <Link to={forumTopicPath(topic.id)} className="font-medium break-words hover:underline">
            {topic.title}
          </Link>
          <p className="text-xs text-muted-foreground">
            {topic.category.name} · {plural(topic.replies, 'reply', 'replies')} · {formatRelative(topic.lastActivityAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Saved: a side panel of the topics the user saved (loaded when it opens). */
function SavedTopicsSheet({ viewer, count }: { viewer: string; count: number | undefined }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" className="sm:flex-1 lg:flex-none">
          <BookmarkIcon aria-hidden />
          Saved
          {count !== undefined ? <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground">{count}</span> : null}
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel="Close saved topics">
        <SheetTitle>Saved topics</SheetTitle>
        <SheetDescription>Topics you saved to come back to.</SheetDescription>
        <SavedTopicsList viewer={viewer} />
      </SheetContent>
    </Sheet>
  );
}

/**
 * The signed-in user's card: their name as their posts show it, real posts, replies and likes
 * received; Messages and Saved. `fallbackName` shows until the stats arrive.
 */
export function ProfileCard({ viewer, fallbackName }: { viewer: string; fallbackName: string }) {
  const stats = useForumStats(viewer);
  const name = stats.data?.name || fallbackName;
  const figures = [
    { label: 'Posts', value: stats.data?.posts },
    { label: 'Replies', value: stats.data?.replies },
    { label: 'Likes', value: stats.data?.likesReceived },
  ];
  return (
    <SidebarCard title="Your profile">
      <div className="flex items-center gap-3">
        <MemberAvatar name={name} className="size-11 text-sm" />
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="text-xs text-muted-foreground">Forum member</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center" aria-busy={stats.isPending}>
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse rounded-md bg-muted/60 px-1 py-2">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{figure.value ?? '–'}</dd>
          </div>
        ))}
      </dl>
      {/* Side by side where the card is wide (phones, tablets); stacked in the narrow desktop column. */}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row lg:flex-col">
        <Button
          variant="outline"
          size="sm"
          className="sm:flex-1 lg:flex-none"
          aria-describedby={`${viewer}-messages-soon`}
          onClick={() => toast.info(messages.forum.messagesComingSoon, { id: 'forum-messages' })}
        >
          <MailIcon aria-hidden />
          Messages
        </Button>
        <span id={`${viewer}-messages-soon`} className="sr-only">
          {messages.forum.messagesComingSoon}
        </span>
        <SavedTopicsSheet viewer={viewer} count={stats.data?.saved} />
      </div>
    </SidebarCard>
  );
}

/** SPEC §3 Forum categories with their live counts; a click filters the list (again: all). */
export function CategoryList({
  data,
  loading,
  selected,
  onSelect,
}: {
  data: ForumCategoriesResponse | undefined;
  loading: boolean;
  selected: ForumCategoryId | '';
  onSelect: (id: ForumCategoryId | '') => void;
}) {
  const rows: { id: ForumCategoryId | ''; name: string; count: number }[] = data
    ? [{ id: '', name: 'All categories', count: data.totalTopics }, ...data.categories.map((c) => ({ id: c.id, name: c.name, count: c.topicCount }))]
    : [];
  return (
    <SidebarCard title="Categories">
      {loading && !data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading categories…
        </p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {rows.map((row) => {
            const active = row.id === selected;
            return (
              <li key={row.id || 'all'}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelect(active ? '' : row.id)}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    active && 'bg-accent font-medium',
                  )}
                >
                  <span className="truncate">{row.name}</span>
                  <span className="rounded-full bg-muted px-2 text-xs tabular-nums text-muted-foreground" aria-label={plural(row.count, 'topic', 'topics')}>
                    {row.count}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </SidebarCard>
  );
}

/** Members with the most posts in the last 30 days. */
export function ActiveMembers() {
  const members = useActiveMembers();
  return (
    <SidebarCard title="Active Members">
      {members.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading members…
        </p>
      ) : members.isError ? (
        <p className="text-sm text-muted-foreground">Could not load the active members.</p>
      ) : members.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No one has posted in the last 30 days.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {members.data.map((member) => (
            <li key={member.id} className="flex items-center gap-3">
              <MemberAvatar name={member.name} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={member.name}>
                  {member.name}
                </p>
                <p className="truncate text-xs text-muted-foreground" title={member.role ?? undefined}>
                  <span className="tabular-nums">{plural(member.posts, 'post', 'posts')}</span>
                  {member.role ? ` · ${member.role}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SidebarCard>
  );
}
