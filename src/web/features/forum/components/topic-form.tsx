import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { createTopicSchema, FORUM, FORUM_CATEGORIES, type CreateTopicValues, type ForumCategoryId } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { TextField } from '../../../components/ui/text-field';
import { firstErrorMessage } from '../lib/form-errors';
import { splitTags } from '../lib/tags';
import { MarkdownField } from './markdown-field';

/** The shared rules, with tags typed as one comma-separated line. */
export const topicFormSchema = createTopicSchema.extend({
  tags: z.string().transform((text, ctx) => {
    const parsed = createTopicSchema.shape.tags.safeParse(splitTags(text));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});

export type TopicFormInput = z.input<typeof topicFormSchema>;

/** The form's starting values; `''` category means "not chosen yet". */
export function topicFormValues(values: { title?: string; categoryId?: ForumCategoryId | ''; tags?: string[]; body?: string } = {}): TopicFormInput {
  return {
    title: values.title ?? '',
    categoryId: (values.categoryId ?? '') as ForumCategoryId,
    tags: (values.tags ?? []).join(', '),
    body: values.body ?? '',
  };
}

/** Title, category, tags and markdown body of a topic, checked by the shared schema before sending. */
export function TopicForm({
  defaultValues,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  label,
}: {
  defaultValues: TopicFormInput;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: CreateTopicValues) => Promise<void>;
  onCancel: () => void;
  label: string;
}) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(topicFormSchema), defaultValues });
  const body = useWatch({ control, name: 'body' });
  const categoryErrorId = 'topic-form-category-error';

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label={label}>
      <TextField label="Title" maxLength={FORUM.titleMax} autoComplete="off" error={errors.title?.message} {...register('title')} />
      <div className="grid gap-2">
        <Label htmlFor="topic-form-category">Category</Label>
        <NativeSelect
          id="topic-form-category"
          className={errors.categoryId ? '[&_select]:border-destructive' : undefined}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={errors.categoryId ? categoryErrorId : undefined}
          {...register('categoryId')}
        >
          <option value="">Choose a category…</option>
          {FORUM_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
        {errors.categoryId ? (
          <p id={categoryErrorId} role="alert" className="text-sm font-medium text-destructive">
            {errors.categoryId.message}
          </p>
        ) : null}
      </div>
      <TextField
        label="Tags"
        autoComplete="off"
        placeholder="e.g. rail wear, gauge"
        hint={`Separate tags with commas; up to ${FORUM.tagsMax}.`}
        error={firstErrorMessage(errors.tags)}
        {...register('tags')}
      />
      <MarkdownField label="Details" text={body} rows={8} maxLength={FORUM.bodyMax} error={errors.body?.message} {...register('body')} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
