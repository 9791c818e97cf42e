import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import type { CreateTopicValues, TopicDetail } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { useUpdateTopic } from '../api/update-topic';
import { TopicForm, topicFormValues } from './topic-form';

/** The author's edit, within the window the server gives (`editableUntil`). */
export function EditTopicDialog({ topic, minutesLeft }: { topic: TopicDetail; minutesLeft: number }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateTopic(topic.id);

  const handleSave = async (values: CreateTopicValues) => {
    try {
      const saved = await update.mutateAsync(values);
      if (saved.status === 'held') toast.info(messages.forum.awaitingReview, { description: messages.forum.heldNotice });
      else toast.success('Topic updated');
      setOpen(false);
    } catch {
      // The API client has shown the server's message (for example, the edit window closed).
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <PencilIcon aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit topic</DialogTitle>
          <DialogDescription>
            You can edit for {minutesLeft} more {minutesLeft === 1 ? 'minute' : 'minutes'}. Edits pass the moderator again.
          </DialogDescription>
        </DialogHeader>
        <TopicForm
          label="Edit topic"
          defaultValues={topicFormValues({ title: topic.title, categoryId: topic.category.id, tags: topic.tags, body: topic.body })}
          submitLabel="Save changes"
          busyLabel="Saving…"
          onSubmit={handleSave}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
