import { ClockIcon, EyeOffIcon, LockIcon, PinIcon, XCircleIcon } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import type { PostStatus } from '../../../../shared/schemas/forum';
import { cn } from '../../../lib/utils';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

export function PinnedBadge() {
  return (
    <span className={cn(badge, 'bg-primary/10 text-primary')}>
      <PinIcon className="size-3" aria-hidden />
      Pinned
    </span>
  );
}

export function LockedBadge() {
  return (
    <span className={cn(badge, 'bg-muted text-muted-foreground')}>
      <LockIcon className="size-3" aria-hidden />
      Locked
    </span>
  );
}

/** What a post's author (or an admin) sees while others cannot: held, hidden or rejected. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  if (status === 'published') return null;
  if (status === 'held') {
    return (
      <span className={cn(badge, 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>
        <ClockIcon className="size-3" aria-hidden />
        {messages.forum.awaitingReview}
      </span>
    );
  }
  if (status === 'hidden') {
    return (
      <span className={cn(badge, 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>
        <EyeOffIcon className="size-3" aria-hidden />
        {messages.forum.hiddenPendingReview}
      </span>
    );
  }
  return (
    <span className={cn(badge, 'bg-destructive/10 text-destructive')}>
      <XCircleIcon className="size-3" aria-hidden />
      {messages.forum.rejected}
    </span>
  );
}
