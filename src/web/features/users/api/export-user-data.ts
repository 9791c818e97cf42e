import { dataExportListSchema, dataExportSchema } from '../../../../shared/schemas/account';
import { messages } from '../../../../shared/messages';
import { api, apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

const POLL_MS = 2_000;
const GIVE_UP_MS = 5 * 60_000;

/**
 * An admin's copy of a user's data: asks for an export (`POST /admin/users/:id/exports`), waits
 * while it is prepared, then fetches the zip with the Authorization header and saves it.
 */
export async function exportUserData(userId: string): Promise<void> {
  const base = `/auth/admin/users/${encodeURIComponent(userId)}/exports`;
  const created = await api.post(base, undefined, { schema: dataExportSchema, toast: false });
  const until = Date.now() + GIVE_UP_MS;
  for (;;) {
    const { exports } = await api.get(base, { schema: dataExportListSchema, toast: false });
    const current = exports.find((e) => e.id === created.id);
    if (current?.status === 'ready') break;
    if (!current || current.status === 'failed' || Date.now() > until) throw new Error(current?.error ?? messages.account.exportFailed);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const { blob, fileName } = await apiDownload(`/auth/account/exports/${encodeURIComponent(created.id)}/download`, { toast: false });
  downloadBlob(blob, fileName ?? 'trackside-data.zip');
}
