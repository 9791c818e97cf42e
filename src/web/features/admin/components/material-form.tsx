import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { messages } from '../../../../shared/messages';
import { MATERIAL_KINDS, type Material } from '../../../../shared/schemas/knowledge';
import { TextField } from '../../../components/ui/text-field';
import { useCreateMaterial } from '../api/create-material';
import { useCategories } from '../api/get-categories';
import { useTags } from '../api/get-tags';
import { useUpdateMaterial } from '../api/update-material';
import { materialFormDefaults, materialFormSchema, materialInputOf, type MaterialFormInput, type MaterialFormValues } from '../lib/material-form';
import { useContentSave } from '../lib/use-content-save';
import { CategorySelect } from './category-select';
import { FileField } from './file-field';
import { CheckboxField, SelectField, TextareaField } from './form-fields';
import { Loading } from '../../../components/load-state';
import { SheetFormFooter } from './sheet-form-footer';
import { TagPicker } from './tag-picker';

const FIELD_NAMES = ['kind', 'title', 'abstract', 'content', 'category_id', 'author', 'read_time', 'featured', 'tags'] as const;
const KIND_LABELS: Record<(typeof MATERIAL_KINDS)[number], string> = { article: 'Article', whitepaper: 'Whitepaper' };

/**
 * Adds a knowledge material, or edits `material`: SPEC §3 fields (kind, abstract, markdown
 * content, tags, category, author, reading time, featured), §5 required fields and file rules,
 * the cover image and document uploaded with §4's save progress, then 'Material Added' / 'Material Updated'.
 */
export function MaterialForm({
  material,
  onBusyChange,
  onSaved,
  onCancel,
}: {
  material: Material | null;
  onBusyChange: (busy: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const categories = useCategories();
  const tags = useTags();
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MaterialFormInput, unknown, MaterialFormValues>({ resolver: zodResolver(materialFormSchema), defaultValues: materialFormDefaults(material) });
  const { image, attachment, progress, failure, saving, save } = useContentSave({
    attachmentFolder: 'documents',
    stored: { imageUrl: material?.image_url ?? null, attachmentUrl: material?.file_url ?? null },
    fieldNames: FIELD_NAMES,
    setFieldError: setError,
    onBusyChange,
    onSaved,
    savedTitle: material ? messages.adminData.materialUpdated : messages.adminData.materialAdded,
    failedMessage: material ? messages.adminData.updateMaterialFailed : messages.adminData.addMaterialFailed,
  });
  const handleSave = (values: MaterialFormValues) =>
    save(({ imageUrl, attachmentUrl }) => {
      const input = materialInputOf(values, { imageUrl, fileUrl: attachmentUrl });
      return material ? update.mutateAsync({ id: material.id, values: input }) : create.mutateAsync(input);
    });

  // The selects need their options before they can show the material's own values.
  if (categories.isPending || tags.isPending) return <Loading label="Loading categories and tags..." />;

  return (
    <form noValidate aria-label={material ? 'Edit material' : 'Add material'} className="grid gap-4" onSubmit={handleSubmit(handleSave)}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField label="Kind" disabled={saving} error={errors.kind?.message} {...register('kind')}>
          {MATERIAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <CategorySelect categories={categories} error={errors.category_id?.message} disabled={saving} {...register('category_id')} />
      </div>
      <TextField label="Title" autoComplete="off" maxLength={300} error={errors.title?.message} disabled={saving} {...register('title')} />
      <TextareaField
        label="Abstract"
        rows={3}
        maxLength={5000}
        hint="Guests see the abstract as the preview."
        error={errors.abstract?.message}
        disabled={saving}
        {...register('abstract')}
      />
      <TextareaField
        label="Content (optional)"
        rows={8}
        className="[&_textarea]:font-mono [&_textarea]:text-sm"
        hint="Markdown: headings, lists, links and tables. Only signed-in readers see it."
        error={errors.content?.message}
        disabled={saving}
        {...register('content')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField label="Author (optional)" autoComplete="off" maxLength={200} error={errors.author?.message} disabled={saving} {...register('author')} />
        <TextField
          label="Reading time (optional)"
          placeholder="5 min read"
          autoComplete="off"
          maxLength={50}
          hint="Worked out from the content when left empty."
          error={errors.read_time?.message}
          disabled={saving}
          {...register('read_time')}
        />
      </div>
      <CheckboxField label="Featured" hint="Featured materials carry a badge in the Knowledge Hub." disabled={saving} {...register('featured')} />
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <TagPicker tags={tags.data ?? []} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} disabled={saving} />
        )}
      />
      <FileField folder="images" label="Cover image (optional)" {...image} disabled={saving} />
      <FileField folder="documents" label="Document (optional)" {...attachment} disabled={saving} />
      <SheetFormFooter
        progress={progress}
        attachment="document"
        failure={failure}
        busy={isSubmitting}
        submitLabel={material ? 'Save Changes' : 'Add Material'}
        onCancel={onCancel}
      />
    </form>
  );
}
