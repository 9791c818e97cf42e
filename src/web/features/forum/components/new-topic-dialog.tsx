import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import type { CreateTopicValues, ForumCategoryId } from '../../../../shared/schemas/forum';
import { forumTopicPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { useCreateTopic } from '../api/create-topic';
import { TopicForm, topicFormValues } from './topic-form';

/** SPEC §2 'New Topic': title, category, tags and a markdown body; opens the new topic once posted. */
export function NewTopicDialog({ defaultCategory }: { defaultCategory?: ForumCategoryId | '' }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateTopic();

  const handlePost = async (values: CreateTopicValues) => {
    try {
      const topic = await create.mutateAsync(values);
      if (topic.status === 'held') toast.info(messages.forum.awaitingReview, { description: messages.forum.heldNotice });
      else toast.success('Topic posted', { description: topic.title });
      setOpen(false);
      void navigate(forumTopicPath(topic.id));
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />
          {messages.forum.newTopic}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{messages.forum.newTopic}</DialogTitle>
          <DialogDescription>Ask a question or start a discussion. New posts pass an automated moderator before they appear.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from an empty form. */}
        <TopicForm
          label={messages.forum.newTopic}
          defaultValues={topicFormValues({ categoryId: defaultCategory ?? '' })}
          submitLabel="Post Topic"
          busyLabel="Posting…"
          onSubmit={handlePost}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
