import { followsApi } from '@shared/api/follows';
import { liveApi } from '@shared/api/live';
import type { CreateStreamInput, GiftId, LiveCategory, LiveStream } from '@shared/live';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { retryWhileDraining } from '@/lib/retry-while-draining';

export type ListedStatus = 'live' | 'scheduled';

export const liveKeys = {
  all: ['live'] as const,
  lists: ['live', 'list'] as const,
  list: (status: ListedStatus, category: LiveCategory | null) => ['live', 'list', status, category ?? 'all'] as const,
  mine: ['live', 'mine'] as const,
  stream: (id: string) => ['live', 'stream', id] as const,
  gifts: (id: string) => ['live', 'gifts', id] as const,
};

export const streamListQuery = (status: ListedStatus, category: LiveCategory | null) =>
  queryOptions({
    queryKey: liveKeys.list(status, category),
    queryFn: ({ signal }) => callApi(liveApi.list, { query: { status, category: category ?? undefined } }, { signal }),
  });

/** The signed-in reader's own live and scheduled streams (the dashboard's 'My streams'). */
export const myStreamsQuery = queryOptions({
  queryKey: liveKeys.mine,
  queryFn: ({ signal }) => callApi(liveApi.mine, {}, { signal }),
});

export const streamQuery = (id: string) =>
  queryOptions({
    queryKey: liveKeys.stream(id),
    queryFn: ({ signal }) => callApi(liveApi.get, { params: { id } }, { signal }),
    // A stream that does not exist stays that way: no retry before 'Return to Dashboard'.
    retry: false,
  });

export const giftSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: liveKeys.gifts(id),
    queryFn: ({ signal }) => callApi(liveApi.gifts, { params: { id } }, { signal }),
  });

/** Writes a change into the cached stream, if it is cached. */
export function patchCachedStream(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  change: Partial<LiveStream>,
) {
  queryClient.setQueryData<LiveStream>(liveKeys.stream(id), (current) => current && { ...current, ...change });
}

export function useCreateStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStreamInput) => callApi(liveApi.create, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** 'Go Live Now' on a scheduled stream, or 'End Stream' / 'Cancel' on the reader's own one. */
export function useStreamAction(action: 'start' | 'end') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryWhileDraining(() => callApi(liveApi[action], { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

export function useToggleReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reminded }: { id: string; reminded: boolean }) =>
      callApi(reminded ? liveApi.addReminder : liveApi.removeReminder, { params: { id } }),
    onSuccess: ({ reminded, reminderCount }, { id }) => {
      queryClient.setQueriesData<{ streams: LiveStream[] }>(
        { queryKey: liveKeys.lists },
        (current) =>
          current && {
            streams: current.streams.map((stream) =>
              stream.id === id ? { ...stream, viewerHasReminder: reminded, reminderCount } : stream,
            ),
          },
      );
    },
  });
}

export function useToggleFollow(streamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ readerId, following }: { readerId: string; following: boolean }) =>
      callApi(following ? followsApi.follow : followsApi.unfollow, { params: { readerId } }),
    onSuccess: ({ following, followerCount }) => {
      queryClient.setQueryData<LiveStream>(
        liveKeys.stream(streamId),
        (current) =>
          current && { ...current, viewerFollowsReader: following, reader: { ...current.reader, followerCount } },
      );
    },
  });
}

/** Pays a priced stream's price once (the server answers 402 without the funds). */
export function useJoinPricedStream(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(liveApi.join, { params: { id } }),
    onSuccess: () => {
      patchCachedStream(queryClient, id, { viewerHasJoined: true });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

export function sendGift(streamId: string, giftId: GiftId, idempotencyKey: string) {
  return callApi(liveApi.sendGift, {
    params: { id: streamId },
    body: { giftId },
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function removeStreamMessage(streamId: string, messageId: string) {
  return callApi(liveApi.removeMessage, { params: { id: streamId, messageId } });
}

export function muteStreamViewer(streamId: string, userId: string) {
  return callApi(liveApi.mute, { params: { id: streamId, userId } });
}
