import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';
import { checkEndpoints } from './keys';

/**
 * `GET /api/checks/:id/report.docx`, saved under the name the server gives it. Fetched with the
 * session's bearer token: the report is built per request for its owner, so no signed link fits.
 */
export async function downloadReport(check: Pick<Check, 'id' | 'document'>): Promise<void> {
  const { blob, fileName } = await apiDownload(checkEndpoints.report(check.id));
  downloadBlob(blob, fileName ?? messages.checkPage.report.fileName(check.document.name));
}
