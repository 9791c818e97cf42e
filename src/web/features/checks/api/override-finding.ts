import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkFindingSchema, type Check, type CheckFinding, type OverrideFindingBody } from '../../../../shared/schemas/checks';
import { api } from '../../../lib/api-client';
import { checkEndpoints, checkKeys } from './keys';

/** `PATCH /api/checks/:id/findings/:findingId` `{verdict, note}` → the finding with its review. */
export async function overrideFinding(checkId: string, findingId: string, body: OverrideFindingBody): Promise<CheckFinding> {
  return api.patch(checkEndpoints.finding(checkId, findingId), body, { schema: checkFindingSchema });
}

export function useOverrideFinding(checkId: string, viewer: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ findingId, body }: { findingId: string; body: OverrideFindingBody }) => overrideFinding(checkId, findingId, body),
    onSuccess: async (finding) => {
      const key = checkKeys.detail(viewer, checkId);
      client.setQueryData<Check>(key, (check) => check && { ...check, findings: check.findings.map((f) => (f.id === finding.id ? finding : f)) });
      // The audit trail and the summary are the server's to write: read them back.
      await Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: checkKeys.list(viewer) })]);
    },
  });
}
