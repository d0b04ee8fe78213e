import { blocksApi } from '@shared/api/blocks';
import type { Block, CreateBlockInput } from '@shared/blocks';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';

export const blockKeys = { mine: ['blocks', 'mine'] as const };

/** The people the signed-in user has blocked, newest first (their settings' list). */
export const blocksQuery = queryOptions({
  queryKey: blockKeys.mine,
  queryFn: ({ signal }) => callApi(blocksApi.list, {}, { signal }),
});

/**
 * What a block changes on the server (decision 068): held money released to the wallet, bookings and
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
    mutationFn: (input: CreateBlockInput): Promise<Block> => callApi(blocksApi.block, { body: input }),
    onSuccess: () => refreshAfterBlockChange(queryClient),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(blocksApi.unblock, { params: { userId } }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData(blockKeys.mine, (current: { blocks: Block[] } | undefined) =>
        current ? { blocks: current.blocks.filter((block) => block.userId !== userId) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: blockKeys.mine });
    },
  });
}
