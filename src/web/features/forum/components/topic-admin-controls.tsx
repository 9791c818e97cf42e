import { LockIcon, LockOpenIcon, PinIcon, PinOffIcon, ShieldIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FORUM_CATEGORIES, type ForumCategoryId, type TopicDetail } from '../../../../shared/schemas/forum';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { useModerateTopic } from '../api/moderate-topic';

/** Admins: pin, lock, move to another category and delete (each recorded as a decision). */
export function TopicAdminControls({ topic }: { topic: TopicDetail }) {
  const id = useId();
  const navigate = useNavigate();
  const moderate = useModerateTopic(topic.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = moderate.isPending;

  const run = async (action: Parameters<typeof moderate.mutateAsync>[0], done: string) => {
    try {
      await moderate.mutateAsync(action);
      toast.success(done);
    } catch {
      // The API client has shown the server's message.
    }
  };

  const handleDelete = async () => {
    setConfirmDelete(false);
    try {
      await moderate.mutateAsync({ type: 'delete' });
      toast.success('Topic deleted');
      void navigate(paths.communityForum, { replace: true });
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-dashed p-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
        <ShieldIcon className="size-4" aria-hidden />
        Moderator tools
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void run({ type: 'pin', pinned: !topic.pinned }, topic.pinned ? 'Topic unpinned' : 'Topic pinned')}
        >
          {topic.pinned ? <PinOffIcon aria-hidden /> : <PinIcon aria-hidden />}
          {topic.pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void run({ type: 'lock', locked: !topic.locked }, topic.locked ? 'Topic unlocked' : 'Topic locked')}
        >
          {topic.locked ? <LockOpenIcon aria-hidden /> : <LockIcon aria-hidden />}
          {topic.locked ? 'Unlock' : 'Lock'}
        </Button>
        <label htmlFor={`${id}-move`} className="sr-only">
          Move to category
        </label>
        <NativeSelect
          id={`${id}-move`}
          className="w-48"
          value={topic.category.id}
          disabled={busy}
          onChange={(event) => void run({ type: 'move', categoryId: event.target.value as ForumCategoryId }, 'Topic moved')}
        >
          {FORUM_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              Move to {category.name}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" size="sm" disabled={busy} className="text-destructive hover:text-destructive" onClick={() => setConfirmDelete(true)}>
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={confirmDelete}
        title="Delete this topic?"
        description={<>“{topic.title}” and all its replies, likes and reports will be removed. The decision is kept in the moderation log.</>}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
    </section>
  );
}
