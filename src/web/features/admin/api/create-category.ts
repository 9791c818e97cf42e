import { useMutation } from '@tanstack/react-query';
import { categorySchema, type Category, type CategoryInput } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `POST /api/categories` (admin): answers the new category. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  return api.post('/categories', input, { schema: categorySchema, toast: false });
}

export function useCreateCategory() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidate('categories') });
}
