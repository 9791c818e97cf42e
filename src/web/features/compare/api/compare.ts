import type { CompareExportFormat, CompareRequest, CompareResponse } from '../../../../shared/schemas/compare';
import { messages } from '../../../../shared/messages';
import { api, apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

export const compareKeys = {
  comparison: (topic: string, standards: readonly string[]) => ['compare', topic, ...standards] as const,
};

/** `POST /api/compare`. Failures are shown on the page, not as a toast. */
export function compareStandards(request: CompareRequest, signal?: AbortSignal): Promise<CompareResponse> {
  return api.post<CompareResponse>('/compare', request, { toast: false, ...(signal ? { signal } : {}) });
}

/** `POST /api/compare/export?format=…`, saved under the name the server gives it. */
export async function exportComparison(request: CompareRequest, format: CompareExportFormat): Promise<void> {
  const { blob, fileName } = await apiDownload('/compare/export', { body: request, query: { format } });
  downloadBlob(blob, fileName ?? messages.comparePage.fileName(request.topic, format));
}
