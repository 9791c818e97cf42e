import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { tagSchema, type Tag } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { adminContentKeys } from './content-keys';

/** `GET /api/knowledge/tags`: ordered by name. */
export async function getTags(): Promise<Tag[]> {
  return api.get('/knowledge/tags', { schema: z.array(tagSchema), toast: false });
}

/** The knowledge tags; a failure toasts 'Failed to load tags'. */
export function useTags() {
  const query = useQuery({ queryKey: adminContentKeys.tags, queryFn: getTags });
  useLoadErrorToast(query.isError, messages.adminData.loadTagsFailed);
  return query;
}
