import { BookmarkIcon, HeartIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { PostTarget } from '../api/endpoints';
import { useToggleLike } from '../api/toggle-like';
import { useToggleSave } from '../api/toggle-save';

/** Like / unlike, shown at once (optimistic); the count follows the server's answer. */
export function LikeButton({
  target,
  likes,
  liked,
  label,
  disabled,
}: {
  target: PostTarget;
  likes: number;
  liked: boolean;
  label: string;
  disabled?: boolean;
}) {
  const toggle = useToggleLike();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${label} (${likes} ${likes === 1 ? 'like' : 'likes'})`}
      disabled={disabled}
      onClick={() => toggle.mutate({ target, liked: !liked })}
      className={cn(liked && 'text-rose-700 hover:text-rose-800 dark:text-rose-400 dark:hover:text-rose-300')}
    >
      <HeartIcon aria-hidden className={cn(liked && 'fill-current')} />
      <span className="tabular-nums">{likes.toLocaleString()}</span>
      <span className="hidden sm:inline">{likes === 1 ? 'Like' : 'Likes'}</span>
    </Button>
  );
}

/** Save / unsave a topic for the profile card's Saved list. */
export function SaveButton({ topicId, saved }: { topicId: string; saved: boolean }) {
  const toggle = useToggleSave();
  return (
    <Button variant="ghost" size="sm" aria-pressed={saved} onClick={() => toggle.mutate({ topicId, saved: !saved })}>
      <BookmarkIcon aria-hidden className={cn(saved && 'fill-current')} />
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
