import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { categoryInputSchema, type Category } from '../../../../shared/schemas/podcasts';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { TextareaField } from './form-fields';
import { Loading, LoadFailed } from './load-state';
import { RowActions } from './row-actions';
import { SectionCard } from './section-card';

type CategoryFormInput = z.input<typeof categoryInputSchema>;
type CategoryFormValues = z.output<typeof categoryInputSchema>;

/** SPEC §2 Admin › Categories: Name required, Description optional; 'Category Added'. */
function AddCategoryForm() {
  const create = useCreateCategory();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: '', description: '' },
  });

  const handleAdd = async (values: CategoryFormValues) => {
    try {
      const category = await create.mutateAsync(values);
      toast.success(messages.adminData.categoryAdded, { description: category.name });
      reset();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.name) setError('name', { message: fields.name }, { shouldFocus: true });
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, messages.adminData.addCategoryFailed) });
    }
  };

  // Read-only, not disabled, while submitting: a disabled field cannot take the focus that
  // react-hook-form gives the first invalid field, before or after the server answers.
  return (
    <form noValidate aria-label="Add a category" className="grid gap-4" onSubmit={handleSubmit(handleAdd)}>
      <TextField label="Name" autoComplete="off" maxLength={100} error={errors.name?.message} readOnly={isSubmitting} {...register('name')} />
      <TextareaField
        label="Description (optional)"
        rows={3}
        maxLength={1000}
        error={errors.description?.message}
        readOnly={isSubmitting}
        {...register('description')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
          {isSubmitting ? 'Adding...' : 'Add Category'}
        </Button>
      </div>
    </form>
  );
}

function CategoriesTable({ onDelete }: { onDelete: (category: Category) => void }) {
  const categories = useCategories();
  if (categories.isPending) return <Loading label="Loading categories..." />;
  if (categories.isError) return <LoadFailed message={messages.adminData.loadCategoriesFailed} onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0) return <p className="px-3 text-sm text-muted-foreground">No categories yet.</p>;
  return (
    <Table aria-label="Categories">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="hidden sm:table-cell">Description</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {categories.data.map((c) => (
          <TableRow key={c.id}>
            <TableCell>
              <span className="font-medium">{c.name}</span>
              {/* The description column, under the name on narrow screens. */}
              {c.description ? <span className="block text-xs text-muted-foreground sm:hidden">{c.description}</span> : null}
            </TableCell>
            <TableCell className="hidden text-muted-foreground sm:table-cell">{c.description ?? '—'}</TableCell>
            <TableCell className="text-right">
              <RowActions name={c.name} onDelete={() => onDelete(c)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Admin › Categories: the add form and the list (shared by podcasts and knowledge materials). */
export function CategoriesTab() {
  const remove = useDeleteCategory();
  const deletion = useConfirmDelete<Category>({
    remove: (category) => remove.mutateAsync(category.id),
    // 409 while podcasts or materials still use it: the server says so.
    deleted: (category) => ['Category Deleted', category.name],
    failed: 'Failed to delete category',
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <SectionCard
        title="Add a category"
        description="Categories group podcasts and knowledge materials."
        className="lg:col-start-2 lg:row-start-1 lg:self-start"
      >
        <AddCategoryForm />
      </SectionCard>
      <SectionCard
        title="Categories"
        description="Ordered by name. A category can be deleted once nothing uses it."
        flush
        className="lg:col-start-1 lg:row-start-1"
      >
        <CategoriesTable onDelete={deletion.ask} />
      </SectionCard>
      <ConfirmDeleteDialog
        open={deletion.pending !== null}
        title="Delete this category?"
        description={deletion.pending ? `“${deletion.pending.name}” will be removed. This cannot be undone.` : null}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </div>
  );
}
