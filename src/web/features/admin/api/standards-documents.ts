import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { standardDocumentSchema, standardUploadResponseSchema, type StandardDocument, type StandardUploadResponse } from '../../../../shared/schemas/standards';
import { api } from '../../../lib/api-client';
import { standardsKeys } from '../../../lib/standards-api';

/** The admin side of the standards library (`/api/admin/standards/*`, admins only). */
export const adminStandardsKeys = {
  documents: ['admin', 'standards', 'documents'] as const,
};

const DOCUMENTS_PATH = '/admin/standards/documents';

/** `GET /api/admin/standards/documents`: every imported document with its clause count. */
export async function getStandardDocuments(): Promise<StandardDocument[]> {
  return api.get(DOCUMENTS_PATH, { schema: z.array(standardDocumentSchema), toast: false });
}

export function useStandardDocuments() {
  return useQuery({ queryKey: adminStandardsKeys.documents, queryFn: getStandardDocuments });
}

export interface StandardUploadInput {
  standard: string;
  /** The disciplines the document serves, the main one first. */
  disciplines: readonly string[];
  edition?: string | undefined;
  title?: string | undefined;
  file: File;
}

/** `POST /api/admin/standards/documents` as multipart/form-data (fields first, then the file). */
export async function uploadStandardDocument(input: StandardUploadInput): Promise<StandardUploadResponse> {
  const form = new FormData();
  form.set('standard', input.standard);
  for (const discipline of input.disciplines) form.append('discipline', discipline);
  if (input.edition?.trim()) form.set('edition', input.edition.trim());
  if (input.title?.trim()) form.set('title', input.title.trim());
  form.set('file', input.file, input.file.name);
  // The form shows the server's message itself (inline and as 'Upload Failed').
  return api.postForm(DOCUMENTS_PATH, form, { schema: standardUploadResponseSchema, toast: false });
}

/** `DELETE /api/admin/standards/documents/:id`. */
export async function deleteStandardDocument(id: string): Promise<void> {
  await api.delete(`${DOCUMENTS_PATH}/${encodeURIComponent(id)}`);
}

/** After any change: the document list, and every public standards read (counts, clauses, sections). */
function useInvalidateLibrary() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminStandardsKeys.documents }), queryClient.invalidateQueries({ queryKey: standardsKeys.all })]);
}

export function useUploadStandardDocument() {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: uploadStandardDocument, onSuccess: () => invalidate() });
}

export function useDeleteStandardDocument() {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: deleteStandardDocument, onSuccess: () => invalidate() });
}
