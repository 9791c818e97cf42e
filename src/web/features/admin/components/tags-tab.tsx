import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, PlusIcon, XIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { tagInputSchema, type Tag } from '../../../../shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCreateTag } from '../api/create-tag';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { Loading, LoadFailed } from './load-state';
import { SectionCard } from './section-card';

type TagFormInput = z.input<typeof tagInputSchema>;
type TagFormValues = z.output<typeof tagInputSchema>;

/** SPEC §2 Admin › Tags: Tag Name required; 'Tag Added'. */
function AddTagForm() {
  const create = useCreateTag();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TagFormInput, unknown, TagFormValues>({ resolver: zodResolver(tagInputSchema), defaultValues: { name: '' } });

  const handleAdd = async (values: TagFormValues) => {
    try {
      const tag = await create.mutateAsync(values);
      toast.success(messages.adminData.tagAdded, { description: tag.name });
      reset();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.name) setError('name', { message: fields.name }, { shouldFocus: true });
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, messages.adminData.addTagFailed) });
    }
  };

  // Read-only, not disabled, while submitting: a disabled field cannot take the focus that
  // react-hook-form gives the first invalid field, before or after the server answers.
  return (
    <form
      noValidate
      aria-label="Add a tag"
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start lg:grid-cols-1"
      onSubmit={handleSubmit(handleAdd)}
    >
      <TextField
        label="Tag Name"
        autoComplete="off"
        maxLength={60}
        placeholder="e.g. Rail wear"
        error={errors.name?.message}
        readOnly={isSubmitting}
        {...register('name')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full sm:mt-6 sm:w-auto lg:mt-0">
        {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
        {isSubmitting ? 'Adding...' : 'Add Tag'}
      </Button>
    </form>
  );
}

function TagList({ onDelete }: { onDelete: (tag: Tag) => void }) {
  const tags = useTags();
  if (tags.isPending) return <Loading label="Loading tags..." />;
  if (tags.isError) return <LoadFailed message={messages.adminData.loadTagsFailed} onRetry={() => void tags.refetch()} />;
  if (tags.data.length === 0) return <p className="text-sm text-muted-foreground">No tags yet.</p>;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.data.map((tag) => (
        <li key={tag.id} className="inline-flex max-w-full items-center gap-1 rounded-full border bg-secondary/60 py-0.5 pl-3 pr-1 text-sm">
          <span className="truncate">{tag.name}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7 rounded-full text-muted-foreground hover:text-destructive"
            aria-label={`Delete tag ${tag.name}`}
            onClick={() => onDelete(tag)}
          >
            <XIcon aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Admin › Tags: the add form and every tag (a tag labels knowledge materials). */
export function TagsTab() {
  const remove = useDeleteTag();
  const deletion = useConfirmDelete<Tag>({
    remove: (tag) => remove.mutateAsync(tag.id),
    deleted: (tag) => ['Tag Deleted', tag.name],
    failed: 'Failed to delete tag',
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <SectionCard
        title="Add a tag"
        description="Tags label knowledge materials; readers filter the hub by them."
        className="lg:col-start-2 lg:row-start-1 lg:self-start"
      >
        <AddTagForm />
      </SectionCard>
      <SectionCard title="Tags" description="Ordered by name. Deleting a tag takes it off every material." className="lg:col-start-1 lg:row-start-1">
        <TagList onDelete={deletion.ask} />
      </SectionCard>
      <ConfirmDeleteDialog
        open={deletion.pending !== null}
        title="Delete this tag?"
        description={deletion.pending ? `“${deletion.pending.name}” will be removed and taken off every material that has it. This cannot be undone.` : null}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </div>
  );
}
