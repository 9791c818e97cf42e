import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decisionListResponseSchema,
  decisionResponseSchema,
  moderationQueueResponseSchema,
  type DecisionListResponse,
  type DecisionResponse,
  type ModerationQueueResponse,
  type PostKind,
  type RejectInput,
} from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints } from './endpoints';
import { forumKeys } from './keys';

/** `GET /api/forum/moderation/queue` (admins): held and hidden posts, then reported ones. */
export async function getModerationQueue(page: number, signal?: AbortSignal): Promise<ModerationQueueResponse> {
  return api.get(forumEndpoints.moderationQueue, { query: { page }, schema: moderationQueueResponseSchema, signal });
}

export function useModerationQueue(page: number) {
  return useQuery({
    queryKey: forumKeys.moderationQueue(page),
    queryFn: ({ signal }) => getModerationQueue(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/forum/moderation/decisions` (admins): who decided what, when and why; newest first. */
export async function getModerationDecisions(page: number, signal?: AbortSignal): Promise<DecisionListResponse> {
  return api.get(forumEndpoints.moderationDecisions, { query: { page }, schema: decisionListResponseSchema, signal });
}

export function useModerationDecisions(page: number) {
  return useQuery({
    queryKey: forumKeys.moderationDecisions(page),
    queryFn: ({ signal }) => getModerationDecisions(page, signal),
    placeholderData: keepPreviousData,
  });
}

export interface ModerationTarget {
  kind: PostKind;
  id: string;
}

/** `POST /api/forum/moderation/:kind/:id/approve`: publish it and close its reports. */
export async function approvePost({ kind, id }: ModerationTarget): Promise<DecisionResponse> {
  return api.post(forumEndpoints.approve(kind, id), {}, { schema: decisionResponseSchema });
}

/** `POST /api/forum/moderation/:kind/:id/reject`: reject it with a reason its author sees. */
export async function rejectPost({ kind, id }: ModerationTarget, input: RejectInput): Promise<DecisionResponse> {
  return api.post(forumEndpoints.reject(kind, id), input, { schema: decisionResponseSchema });
}

/** Approve or reject; the queue, the decisions and every forum list are refreshed after. */
export function useModerationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: { target: ModerationTarget } & ({ action: 'approve' } | { action: 'reject'; input: RejectInput })) =>
      variables.action === 'approve' ? approvePost(variables.target) : rejectPost(variables.target, variables.input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
