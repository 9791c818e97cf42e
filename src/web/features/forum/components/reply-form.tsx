import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { createReplySchema, FORUM, type CreateReplyInput, type Reply } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { MarkdownField } from './markdown-field';

/** A markdown reply box checked by the shared schema; also used to edit a reply. */
export function ReplyForm({
  label,
  submitLabel,
  busyLabel,
  initialBody = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  initialBody?: string;
  /** Resolves with the saved reply, or undefined when it failed (the form keeps the text). */
  onSubmit: (input: CreateReplyInput) => Promise<Reply | undefined>;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateReplyInput>({ resolver: zodResolver(createReplySchema), defaultValues: { body: initialBody } });
  const body = useWatch({ control, name: 'body' });

  const handleReply = async (input: CreateReplyInput) => {
    const reply = await onSubmit(input);
    if (!reply) return;
    if (reply.status === 'held') toast.info(messages.forum.awaitingReview, { description: messages.forum.heldNotice });
    reset({ body: onCancel ? reply.body : '' });
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleReply)} className="grid gap-3" aria-label={label}>
      <MarkdownField label={label} text={body} rows={5} maxLength={FORUM.replyMax} error={errors.body?.message} {...register('body')} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
