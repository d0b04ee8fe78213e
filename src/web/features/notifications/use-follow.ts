import { followsApi } from '@shared/api/follows';
import type { FollowState } from '@shared/follows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export const followKey = (readerId: string) => ['follows', readerId] as const;

/**
 * Following one reader, for any page that shows a Follow button (the reader's profile, a live
 * stream). `initial` is what the page already knows (a stream carries it), saving a request.
 * The button changes at once and goes back if the server refuses; the server's answer (with the
 * new follower count) then replaces the guess. `enabled: false` for a visitor, who cannot follow.
 */
export function useFollow(readerId: string, options: { initial?: FollowState; enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const queryKey = followKey(readerId);
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(followsApi.state, { params: { readerId } }, { signal }),
    initialData: options.initial,
    enabled: options.enabled ?? true,
  });
  const change = useMutation({
    mutationFn: (follow: boolean) =>
      callApi(follow ? followsApi.follow : followsApi.unfollow, { params: { readerId } }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<FollowState>(queryKey);
      if (before && before.following !== follow) {
        queryClient.setQueryData<FollowState>(queryKey, {
          following: follow,
          followerCount: before.followerCount + (follow ? 1 : -1),
        });
      }
      return { before };
    },
    onError: (_error, follow, context) => {
      queryClient.setQueryData(queryKey, context?.before);
      toast.error(follow ? 'Could not follow this reader' : 'Could not unfollow this reader');
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
  return {
    following: state.data?.following ?? false,
    followerCount: state.data?.followerCount ?? 0,
    isLoading: state.isPending,
    isSaving: change.isPending,
    toggle: () => change.mutate(!(state.data?.following ?? false)),
  };
}
