import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountDeletedSchema, dataExportListSchema, dataExportSchema, type DataExport, type DeleteAccountInput } from '../../../../shared/schemas/account';
import { api, apiDownload, apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';
import { useSession } from '../../../lib/session/use-session';

export const exportKeys = {
  mine: (userId: string | undefined) => ['exports', 'mine', userId] as const,
};

const POLL_MS = 2_000;

/** `GET /api/auth/account/exports`, polled while the newest one is being prepared. */
export function useMyExports() {
  const { user } = useSession();
  return useQuery({
    queryKey: exportKeys.mine(user?.id),
    queryFn: async () => (await api.get('/auth/account/exports', { schema: dataExportListSchema, toast: false })).exports,
    enabled: Boolean(user),
    refetchInterval: (query) => {
      const latest = query.state.data?.[0];
      return latest && (latest.status === 'requested' || latest.status === 'running') ? POLL_MS : false;
    },
  });
}

/** `POST /api/auth/account/exports` (202): the export is prepared in the background. */
export function useRequestExport() {
  const { user } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/account/exports', undefined, { schema: dataExportSchema }),
    onSuccess: (created) => client.setQueryData<DataExport[]>(exportKeys.mine(user?.id), (old) => [created, ...(old ?? [])]),
  });
}

/** Fetches the zip with the Authorization header (no token in a URL) and saves it. */
export async function downloadExport(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`/auth/account/exports/${encodeURIComponent(id)}/download`);
  downloadBlob(blob, fileName ?? 'trackside-data.zip');
}

/** `DELETE /api/auth/account` with the password (and a second-factor code when enrolled). */
export const deleteMyAccount = (input: DeleteAccountInput) =>
  apiRequest('/auth/account', { method: 'DELETE', body: input, schema: accountDeletedSchema, toast: false });
