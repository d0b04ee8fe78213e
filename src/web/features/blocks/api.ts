import { type Block, blockListSchema, blockSchema, type CreateBlockInput } from '@shared/blocks';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestParsed } from '@/lib/api';
import { profileQueryKey } from '@/lib/auth';

export const blockKeys = { mine: ['blocks', 'mine'] as const };

/** The people the signed-in user has blocked, newest first (their settings' list). */
export const blocksQuery = queryOptions({
  queryKey: blockKeys.mine,
  queryFn: ({ signal }) => apiRequestParsed('/api/blocks', blockListSchema, { signal }),
});

/**
 * What a block changes on the server (issue 49): held money released to the wallet, bookings and
 * written questions between the two closed, a running reading ended, the client taken out of the
 * reader's queue. The keys are written out rather than imported: sessions and written readings
 * import this feature, and importing theirs back would be a cycle.
 */
const AFFECTED_KEYS = [
  ['wallet'],
  profileQueryKey,
  ['appointments'],
  ['written-readings'],
  ['sessions'],
  ['queue'],
  ['dashboard'],
] as const;

function refreshAfterBlockChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: blockKeys.mine });
  for (const queryKey of AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBlockInput): Promise<Block> =>
      apiRequestParsed('/api/blocks', blockSchema, { method: 'POST', body: input }),
    onSuccess: () => refreshAfterBlockChange(queryClient),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData(blockKeys.mine, (current: { blocks: Block[] } | undefined) =>
        current ? { blocks: current.blocks.filter((block) => block.userId !== userId) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: blockKeys.mine });
    },
  });
}
