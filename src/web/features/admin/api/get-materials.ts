import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { materialSchema, type Material } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { adminContentKeys } from './content-keys';

/** `GET /api/knowledge/materials` signed in: every material in full (content and file), newest first. */
export async function getMaterials(): Promise<Material[]> {
  return api.get('/knowledge/materials', { schema: z.array(materialSchema), toast: false });
}

/** The Knowledge Hub tab's list; a failure toasts 'Failed to load materials'. */
export function useMaterials() {
  const query = useQuery({ queryKey: adminContentKeys.materials, queryFn: getMaterials });
  useLoadErrorToast(query.isError, messages.adminData.loadMaterialsFailed);
  return query;
}
