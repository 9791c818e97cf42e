import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flagResponseSchema, type FlagInput, type FlagResponse } from '../../../../shared/schemas/forum';
import { api } from '../../../lib/api-client';
import { forumEndpoints, type PostTarget } from './endpoints';
import { forumKeys } from './keys';

/** `POST …/flag`: report a topic or reply with a reason. */
export async function flagPost(target: PostTarget, input: FlagInput): Promise<FlagResponse> {
  return api.post(forumEndpoints.flag(target), input, { schema: flagResponseSchema });
}

export function useFlagPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, input }: { target: PostTarget; input: FlagInput }) => flagPost(target, input),
    onSuccess: (result) => {
      // The third report hides the post: the lists change.
      if (result.hidden) void client.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
