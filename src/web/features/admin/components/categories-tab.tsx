import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { categoryInputSchema, type Category } from '../../../../shared/schemas/podcasts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { addNamed } from '../lib/add-named';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { TextareaField } from './form-fields';
import { AddButton } from './add-button';
import { QueryList } from '../../../components/load-state';
import { RowActions } from './row-actions';
import { AddAndListTab } from './add-and-list-tab';

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

  const handleAdd = addNamed(
    create.mutateAsync,
    { reset, setError },
    {
      added: messages.adminData.categoryAdded,
      failed: messages.adminData.addCategoryFailed,
    },
  );

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
        <AddButton label="Add Category" busy={isSubmitting} className="w-full sm:w-auto" />
      </div>
    </form>
  );
}

function CategoriesTable({ onDelete }: { onDelete: (category: Category) => void }) {
  const categories = useCategories();
  return (
    <QueryList query={categories} loading="Loading categories..." failed={messages.adminData.loadCategoriesFailed} empty="No categories yet." flush>
      {(rows) => (
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
            {rows.map((c) => (
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
      )}
    </QueryList>
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
    <AddAndListTab
      add={{ title: 'Add a category', description: 'Categories group podcasts and knowledge materials.', content: <AddCategoryForm /> }}
      list={{
        title: 'Categories',
        description: 'Ordered by name. A category can be deleted once nothing uses it.',
        flush: true,
        content: <CategoriesTable onDelete={deletion.ask} />,
      }}
      deletion={deletion}
      confirmTitle="Delete this category?"
      confirmDescription={(category) => `“${category.name}” will be removed. This cannot be undone.`}
    />
  );
}
