import type { z } from 'zod';
import { podcastInputSchema, type Podcast, type PodcastInput } from '../../../../shared/schemas/podcasts';

/** The sheet's own fields (the files go separately); SPEC §5: title, category and description required. */
export const podcastFormSchema = podcastInputSchema.pick({
  title: true,
  description: true,
  category_id: true,
  featured: true,
  duration: true,
  publish_date: true,
});
export type PodcastFormInput = z.input<typeof podcastFormSchema>;
export type PodcastFormValues = z.output<typeof podcastFormSchema>;

/** `YYYY-MM-DD` of a stored timestamp, as a date input shows it. */
export function dateInputValue(iso: string): string {
  return iso.slice(0, 10);
}

/** The form's starting values: empty to add, the podcast's own to edit. */
export function podcastFormDefaults(podcast: Podcast | null): PodcastFormInput {
  return {
    title: podcast?.title ?? '',
    description: podcast?.description ?? '',
    category_id: podcast?.category_id ?? '',
    featured: podcast?.featured ?? false,
    duration: podcast?.duration ?? '',
    publish_date: podcast ? dateInputValue(podcast.publish_date) : null,
  };
}

export interface PodcastFiles {
  imageUrl: string | null;
  audioUrl: string | null;
  /** A new audio file was uploaded in this save. */
  audioReplaced: boolean;
}

/**
 * The `POST`/`PUT` body. An unchanged (or cleared) publish date is left out when editing, so the
 * stored timestamp stays as it is. A left-out duration is read from the audio by the server, so
 * the old episode's duration is left out when its audio is replaced and the field was not touched.
 */
export function podcastInputOf(values: PodcastFormValues, files: PodcastFiles, editing: Podcast | null): PodcastInput {
  const keepDate = editing !== null && (values.publish_date === null || values.publish_date === dateInputValue(editing.publish_date));
  const staleDuration = editing !== null && files.audioReplaced && values.duration === editing.duration;
  return {
    title: values.title,
    description: values.description,
    category_id: values.category_id,
    featured: values.featured,
    duration: staleDuration ? null : values.duration,
    image_url: files.imageUrl,
    audio_url: files.audioUrl,
    publish_date: keepDate ? null : values.publish_date,
  };
}
