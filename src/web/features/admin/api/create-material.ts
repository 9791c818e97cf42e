import { useMutation } from '@tanstack/react-query';
import { materialSchema, type Material, type MaterialInput } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

/** `POST /api/knowledge/materials` (admin); `tags` is a list of tag ids. */
export async function createMaterial(input: MaterialInput): Promise<Material> {
  return api.post('/knowledge/materials', input, { schema: materialSchema, toast: false });
}

export function useCreateMaterial() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: createMaterial, onSuccess: () => invalidate('materials') });
}
