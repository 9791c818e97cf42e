import type { z } from 'zod';
import { materialInputSchema, readTimeOf, type Material, type MaterialInput } from '../../../../shared/schemas/knowledge';

/** The sheet's own fields (the files go separately); SPEC §5: title, category and abstract required. */
export const materialFormSchema = materialInputSchema.pick({
  kind: true,
  title: true,
  abstract: true,
  content: true,
  category_id: true,
  author: true,
  read_time: true,
  featured: true,
  tags: true,
});
export type MaterialFormInput = z.input<typeof materialFormSchema>;
export type MaterialFormValues = z.output<typeof materialFormSchema>;

/**
 * The form's starting values: empty to add, the material's own to edit. A reading time the
 * server worked out from the content is left blank, so that it follows the content when edited.
 */
export function materialFormDefaults(material: Material | null): MaterialFormInput {
  const content = material?.content ?? '';
  const readTime = material?.read_time ?? '';
  return {
    kind: material?.kind ?? 'article',
    title: material?.title ?? '',
    abstract: material?.abstract ?? '',
    content,
    category_id: material?.category_id ?? '',
    author: material?.author ?? '',
    read_time: readTime && readTime === readTimeOf(content) ? '' : readTime,
    featured: material?.featured ?? false,
    tags: material?.tags.map((t) => t.id) ?? [],
  };
}

/** The `POST`/`PUT` body: the fields, the tag ids and the file addresses. */
export function materialInputOf(values: MaterialFormValues, files: { imageUrl: string | null; fileUrl: string | null }): MaterialInput {
  return { ...values, image_url: files.imageUrl, file_url: files.fileUrl };
}
