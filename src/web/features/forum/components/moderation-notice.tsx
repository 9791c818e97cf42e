import { messages } from '../../../../shared/messages';
import type { PostStatus } from '../../../../shared/schemas/forum';

/** For the author (and admins): why a post is not public, in a sentence. */
export function ModerationNotice({ status, reason }: { status: PostStatus; reason: string | null }) {
  if (status === 'published') return null;
  const text =
    status === 'held'
      ? 'Only you and the moderators can see this post until a moderator approves it.'
      : status === 'hidden'
        ? 'Other members reported this post, so it is hidden until a moderator reviews it.'
        : `${messages.forum.rejected}.`;
  return (
    <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
      {text}
      {reason ? <span> Reason: {reason}</span> : null}
    </p>
  );
}
