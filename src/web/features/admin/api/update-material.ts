import { useMutation } from '@tanstack/react-query';
import { materialSchema, type Material, type MaterialInput } from '../../../../shared/schemas/knowledge';
import { api } from '../../../lib/api-client';
import { useInvalidateContent } from './content-keys';

export interface UpdateMaterialInput {
  id: string;
  values: MaterialInput;
}

/** `PUT /api/knowledge/materials/:id` (admin): replaces the fields and the tags. */
export async function updateMaterial({ id, values }: UpdateMaterialInput): Promise<Material> {
  return api.put(`/knowledge/materials/${encodeURIComponent(id)}`, values, { schema: materialSchema, toast: false });
}

export function useUpdateMaterial() {
  const invalidate = useInvalidateContent();
  return useMutation({ mutationFn: updateMaterial, onSuccess: () => invalidate('materials') });
}
