import { useMutation } from '@tanstack/react-query';
import { tagSchema, type Tag, type TagInput } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `POST /api/knowledge/tags` (admin): answers the new tag. */
export async function createTag(input: TagInput): Promise<Tag> {
  return api.post('/knowledge/tags', input, { schema: tagSchema, toast: false });
}

export function useCreateTag() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: createTag, onSuccess: () => invalidate('tags') });
}
