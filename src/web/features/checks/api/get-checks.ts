import { useQuery } from '@tanstack/react-query';
import { checkListSchema, type CheckListItem } from '../../../../shared/schemas/checks';
import { api } from '../../../lib/api-client';
import { checkEndpoints, checkKeys } from './keys';
import { retryUnlessRefused } from './retry';

/** `GET /api/checks`: the viewer's checks, newest first. */
export async function getChecks(signal?: AbortSignal): Promise<CheckListItem[]> {
  // No toast: the list says it could not load, in place.
  const { checks } = await api.get(checkEndpoints.list, { schema: checkListSchema, signal, toast: false });
  return checks;
}

export function useChecks(viewer: string | null) {
  return useQuery({
    queryKey: checkKeys.list(viewer),
    queryFn: ({ signal }) => getChecks(signal),
    enabled: viewer !== null,
    retry: retryUnlessRefused,
  });
}
