import { useQuery } from '@tanstack/react-query';
import { forumCategoriesResponseSchema, type ForumCategoriesResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `GET /api/forum/categories`: the six categories with live topic counts. */
export async function getForumCategories(signal?: AbortSignal): Promise<ForumCategoriesResponse> {
  return api.get(forumEndpoints.categories, { schema: forumCategoriesResponseSchema, signal });
}

export function useForumCategories(enabled = true) {
  return useQuery({
    queryKey: forumKeys.categories(),
    queryFn: ({ signal }) => getForumCategories(signal),
    enabled,
  });
}
