import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { categorySchema, type Category } from '../../../../shared/schemas/podcasts';
import { api } from '../../../lib/api-client';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { adminContentKeys } from './content-keys';

/** `GET /api/categories`: ordered by name (shared by podcasts and knowledge materials). */
export async function getCategories(): Promise<Category[]> {
  return api.get('/categories', { schema: z.array(categorySchema), toast: false });
}

/** The categories; a failure toasts 'Failed to load categories'. */
export function useCategories() {
  const query = useQuery({ queryKey: adminContentKeys.categories, queryFn: getCategories });
  useLoadErrorToast(query.isError, messages.adminData.loadCategoriesFailed);
  return query;
}
