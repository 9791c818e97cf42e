import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../shared/messages';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { TextField } from '../../../components/ui/text-field';
import { useCreatePodcast } from '../api/create-podcast';
import { useCategories } from '../api/get-categories';
import { useUpdatePodcast } from '../api/update-podcast';
import { podcastFormDefaults, podcastFormSchema, podcastInputOf, type PodcastFormInput, type PodcastFormValues } from '../lib/podcast-form';
import { useContentSave } from '../lib/use-content-save';
import { CategorySelect } from './category-select';
import { FileField } from './file-field';
import { CheckboxField, TextareaField } from './form-fields';
import { Loading } from '../../../components/load-state';
import { SheetFormFooter } from './sheet-form-footer';

const FIELD_NAMES = ['title', 'description', 'category_id', 'featured', 'duration', 'publish_date'] as const;

/**
 * Adds a podcast, or edits `podcast`: SPEC §3 fields, §5 required fields and file rules, the cover
 * image and audio uploaded with §4's save progress, then 'Podcast Added' / 'Podcast Updated'.
 */
export function PodcastForm({
  podcast,
  onBusyChange,
  onSaved,
  onCancel,
}: {
  podcast: Podcast | null;
  onBusyChange: (busy: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const categories = useCategories();
  const create = useCreatePodcast();
  const update = useUpdatePodcast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PodcastFormInput, unknown, PodcastFormValues>({ resolver: zodResolver(podcastFormSchema), defaultValues: podcastFormDefaults(podcast) });
  const { image, attachment, progress, failure, saving, save } = useContentSave({
    attachmentFolder: 'audio',
    stored: { imageUrl: podcast?.image_url ?? null, attachmentUrl: podcast?.audio_url ?? null },
    fieldNames: FIELD_NAMES,
    setFieldError: setError,
    onBusyChange,
    onSaved,
    savedTitle: podcast ? messages.adminData.podcastUpdated : messages.adminData.podcastAdded,
    failedMessage: podcast ? messages.adminData.updatePodcastFailed : messages.adminData.addPodcastFailed,
  });
  const handleSave = (values: PodcastFormValues) =>
    save(({ imageUrl, attachmentUrl, attachmentReplaced }) => {
      const input = podcastInputOf(values, { imageUrl, audioUrl: attachmentUrl, audioReplaced: attachmentReplaced }, podcast);
      return podcast ? update.mutateAsync({ id: podcast.id, values: input }) : create.mutateAsync(input);
    });

  // The category select needs its options before it can show the podcast's category.
  if (categories.isPending) return <Loading label="Loading categories..." />;

  return (
    <form noValidate aria-label={podcast ? 'Edit podcast' : 'Add podcast'} className="grid gap-4" onSubmit={handleSubmit(handleSave)}>
      <TextField label="Title" autoComplete="off" maxLength={300} error={errors.title?.message} disabled={saving} {...register('title')} />
      <TextareaField label="Description" rows={4} maxLength={10_000} error={errors.description?.message} disabled={saving} {...register('description')} />
      <CategorySelect categories={categories} error={errors.category_id?.message} disabled={saving} {...register('category_id')} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          label="Publish date (optional)"
          type="date"
          hint={podcast ? 'Leave as it is to keep the date.' : 'Today when left empty.'}
          error={errors.publish_date?.message}
          disabled={saving}
          {...register('publish_date', { setValueAs: (value: unknown) => (value === '' ? null : value) })}
        />
        <TextField
          label="Duration (optional)"
          placeholder="32:45"
          autoComplete="off"
          maxLength={20}
          hint="Read from the audio file when left empty."
          error={errors.duration?.message}
          disabled={saving}
          {...register('duration')}
        />
      </div>
      <CheckboxField
        label="Featured"
        hint="Featured podcasts are preselected in the library and listed under Featured."
        disabled={saving}
        {...register('featured')}
      />
      <FileField folder="images" label="Cover image (optional)" {...image} disabled={saving} />
      <FileField folder="audio" label="Audio file (optional)" {...attachment} disabled={saving} />
      <SheetFormFooter
        progress={progress}
        attachment="audio"
        failure={failure}
        busy={isSubmitting}
        submitLabel={podcast ? 'Save Changes' : 'Add Podcast'}
        onCancel={onCancel}
      />
    </form>
  );
}
