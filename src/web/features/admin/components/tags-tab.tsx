import { zodResolver } from '@hookform/resolvers/zod';
import { XIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { tagInputSchema, type Tag } from '../../../../shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateTag } from '../api/create-tag';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import { addNamed } from '../lib/add-named';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { AddButton } from './add-button';
import { QueryList } from '../../../components/load-state';
import { AddAndListTab } from './add-and-list-tab';

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

  const handleAdd = addNamed(
    create.mutateAsync,
    { reset, setError },
    {
      added: messages.adminData.tagAdded,
      failed: messages.adminData.addTagFailed,
    },
  );

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
      <AddButton label="Add Tag" busy={isSubmitting} className="w-full sm:mt-6 sm:w-auto lg:mt-0" />
    </form>
  );
}

function TagList({ onDelete }: { onDelete: (tag: Tag) => void }) {
  const tags = useTags();
  return (
    <QueryList query={tags} loading="Loading tags..." failed={messages.adminData.loadTagsFailed} empty="No tags yet.">
      {(rows) => (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {rows.map((tag) => (
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
      )}
    </QueryList>
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
    <AddAndListTab
      add={{ title: 'Add a tag', description: 'Tags label knowledge materials; readers filter the hub by them.', content: <AddTagForm /> }}
      list={{ title: 'Tags', description: 'Ordered by name. Deleting a tag takes it off every material.', content: <TagList onDelete={deletion.ask} /> }}
      deletion={deletion}
      confirmTitle="Delete this tag?"
      confirmDescription={(tag) => `“${tag.name}” will be removed and taken off every material that has it. This cannot be undone.`}
    />
  );
}
