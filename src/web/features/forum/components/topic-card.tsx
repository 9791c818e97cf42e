import { EyeIcon, HeartIcon, MessageSquareIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { TopicSummary } from '../../../../shared/schemas/forum';
import { forumTopicPath } from '../../../app/paths';
import { cn } from '../../../lib/utils';
import { formatFull, formatRelative, plural } from '../lib/format';
import { MemberAvatar } from './member-avatar';
import { LockedBadge, PinnedBadge, PostStatusBadge } from './post-badges';

function Count({ icon: Icon, value, one, many }: { icon: typeof EyeIcon; value: number; one: string; many: string }) {
  return (
    <li className="flex items-center gap-1" title={plural(value, one, many)}>
      <Icon className="size-4" aria-hidden />
      <span aria-hidden>{value.toLocaleString()}</span>
      <span className="sr-only">{plural(value, one, many)}</span>
    </li>
  );
}

/** Tags of a topic; with `onSelect` each one filters the list by that tag. */
export function TopicTags({ tags, onSelect, selected }: { tags: string[]; onSelect?: (tag: string) => void; selected?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          {onSelect ? (
            <button
              type="button"
              onClick={() => onSelect(tag)}
              aria-pressed={selected === tag}
              aria-label={`Filter by tag ${tag}`}
              className={cn(
                'rounded-md border px-2 py-0.5 text-xs text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring',
                selected === tag && 'border-primary bg-primary/10 text-primary',
              )}
            >
              #{tag}
            </button>
          ) : (
            <span className="rounded-md border px-2 py-0.5 text-xs text-muted-foreground">#{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One topic in a list: badges, title (links to the topic), author, excerpt, tags and counts. */
export function TopicCard({ topic, onTagSelect, selectedTag }: { topic: TopicSummary; onTagSelect?: (tag: string) => void; selectedTag?: string }) {
  const hasBadges = topic.pinned || topic.locked || topic.status !== 'published';
  return (
    <article
      aria-labelledby={`topic-${topic.id}-title`}
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5', topic.pinned && 'border-primary/40')}
    >
      {hasBadges ? (
        <div className="flex flex-wrap items-center gap-2">
          {topic.pinned ? <PinnedBadge /> : null}
          {topic.locked ? <LockedBadge /> : null}
          <PostStatusBadge status={topic.status} />
        </div>
      ) : null}
      <h3 id={`topic-${topic.id}-title`} className="text-lg font-semibold leading-snug">
        <Link to={forumTopicPath(topic.id)} className="break-words hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {topic.title}
        </Link>
      </h3>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <MemberAvatar name={topic.author.name} className="size-7 text-[0.65rem]" />
        <span className="font-medium text-foreground">{topic.author.name}</span>
        {topic.author.role ? <span>· {topic.author.role}</span> : null}
        <span>
          · in <span className="text-foreground">{topic.category.name}</span>
        </span>
        <span>
          ·{' '}
          <time dateTime={topic.createdAt} title={formatFull(topic.createdAt)}>
            {formatRelative(topic.createdAt)}
          </time>
        </span>
      </div>
      {topic.excerpt ? <p className="line-clamp-3 break-words text-sm text-muted-foreground">{topic.excerpt}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TopicTags tags={topic.tags} onSelect={onTagSelect} selected={selectedTag} />
        <ul aria-label="Activity" className="ml-auto flex items-center gap-4 text-sm text-muted-foreground">
          <Count icon={EyeIcon} value={topic.views} one="view" many="views" />
          <Count icon={MessageSquareIcon} value={topic.replies} one="reply" many="replies" />
          <Count icon={HeartIcon} value={topic.likes} one="like" many="likes" />
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">
        Last activity{' '}
        <time dateTime={topic.lastActivityAt} title={formatFull(topic.lastActivityAt)}>
          {formatRelative(topic.lastActivityAt)}
        </time>
      </p>
    </article>
  );
}
