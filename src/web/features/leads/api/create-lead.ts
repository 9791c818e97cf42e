import { useMutation } from '@tanstack/react-query';
import { leadReceiptSchema, type LeadInput } from '../../../../shared/schemas/leads';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/leads`: a contact or demo request. 201 `{received: true}`; 400 with field
 * `details`; 429 when this address sent too many. The form shows failures itself, so no toast.
 */
export async function createLead(input: LeadInput): Promise<{ received: true }> {
  return api.post('/leads', input, { schema: leadReceiptSchema, toast: false });
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
