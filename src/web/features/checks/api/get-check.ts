import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { checkSchema, type Check, type CheckStatus } from '../../../../shared/schemas/checks';
import { api } from '../../../lib/api-client';
import { checkEndpoints, checkKeys } from './keys';
import { retryUnlessRefused } from './retry';

/** How often a queued or running check is asked for again. */
export const CHECK_POLL_MS = 1000;

/** Whether the server is still working on a check. */
export function isCheckActive(status: CheckStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** `GET /api/checks/:id`: the check with its progress, findings and audit trail. */
export async function getCheck(id: string, signal?: AbortSignal): Promise<Check> {
  // No toast: the page says in place that the check is missing or could not load.
  return api.get(checkEndpoints.detail(id), { schema: checkSchema, signal, toast: false });
}

/** The check, asked for again every second while the server is still working on it. */
export function useCheck(id: string | undefined, viewer: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: checkKeys.detail(viewer, id ?? ''),
    queryFn: ({ signal }) => getCheck(id ?? '', signal),
    enabled: Boolean(id) && viewer !== null,
    retry: retryUnlessRefused,
    refetchInterval: (q) => (q.state.data && isCheckActive(q.state.data.status) ? CHECK_POLL_MS : false),
  });

  // The list shows each check's status: once this one finishes, the list's copy is stale.
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current && status && isCheckActive(previous.current) && !isCheckActive(status)) {
      void client.invalidateQueries({ queryKey: checkKeys.list(viewer) });
    }
    previous.current = status;
  }, [client, status, viewer]);

  return query;
}
