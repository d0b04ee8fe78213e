import type {
  CreateStreamInput,
  createStreamResultSchema,
  followStateSchema,
  GiftId,
  JoinStreamResult,
  LiveCategory,
  LiveStream,
  liveStreamListSchema,
  reminderStateSchema,
  SentGift,
  StreamGiftSummary,
} from '@shared/live';
import type { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestTyped } from '@/lib/api';
import { retryWhileDraining } from '@/lib/retry-while-draining';
import { profileQueryKey } from '@/lib/auth';

export type ListedStatus = 'live' | 'scheduled';

export const liveKeys = {
  all: ['live'] as const,
  lists: ['live', 'list'] as const,
  list: (status: ListedStatus, category: LiveCategory | null) => ['live', 'list', status, category ?? 'all'] as const,
  mine: ['live', 'mine'] as const,
  stream: (id: string) => ['live', 'stream', id] as const,
  gifts: (id: string) => ['live', 'gifts', id] as const,
};

const streamPath = (id: string) => `/api/live/streams/${encodeURIComponent(id)}`;

export const streamListQuery = (status: ListedStatus, category: LiveCategory | null) =>
  queryOptions({
    queryKey: liveKeys.list(status, category),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ status, ...(category && { category }) });
      return apiRequestTyped<z.infer<typeof liveStreamListSchema>>(`/api/live/streams?${query}`, { signal });
    },
  });

/** The signed-in reader's own live and scheduled streams (the dashboard's 'My streams'). */
export const myStreamsQuery = queryOptions({
  queryKey: liveKeys.mine,
  queryFn: ({ signal }) => apiRequestTyped<z.infer<typeof liveStreamListSchema>>('/api/live/streams/mine', { signal }),
});

export const streamQuery = (id: string) =>
  queryOptions({
    queryKey: liveKeys.stream(id),
    queryFn: ({ signal }) => apiRequestTyped<LiveStream>(streamPath(id), { signal }),
    // A stream that does not exist stays that way: no retry before 'Return to Dashboard'.
    retry: false,
  });

export const giftSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: liveKeys.gifts(id),
    queryFn: ({ signal }) => apiRequestTyped<StreamGiftSummary>(`${streamPath(id)}/gifts`, { signal }),
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
    mutationFn: (input: CreateStreamInput) =>
      apiRequestTyped<z.infer<typeof createStreamResultSchema>>('/api/live/streams', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** 'Go Live Now' on a scheduled stream, or 'End Stream' / 'Cancel' on the reader's own one. */
export function useStreamAction(action: 'start' | 'end') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      retryWhileDraining(() => apiRequest(`${streamPath(id)}/${action}`, { method: 'POST', body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

export function useToggleReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reminded }: { id: string; reminded: boolean }) =>
      apiRequestTyped<z.infer<typeof reminderStateSchema>>(`${streamPath(id)}/reminder`, {
        method: reminded ? 'PUT' : 'DELETE',
      }),
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
      apiRequestTyped<z.infer<typeof followStateSchema>>(`/api/follows/${encodeURIComponent(readerId)}`, {
        method: following ? 'PUT' : 'DELETE',
      }),
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
    mutationFn: () => apiRequestTyped<JoinStreamResult>(`${streamPath(id)}/join`, { method: 'POST', body: {} }),
    onSuccess: () => {
      patchCachedStream(queryClient, id, { viewerHasJoined: true });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

export function sendGift(streamId: string, giftId: GiftId, idempotencyKey: string) {
  return apiRequestTyped<SentGift>(`${streamPath(streamId)}/gifts`, {
    body: { giftId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function removeStreamMessage(streamId: string, messageId: string) {
  return apiRequest(`${streamPath(streamId)}/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' });
}

export function muteStreamViewer(streamId: string, userId: string) {
  return apiRequest(`${streamPath(streamId)}/mutes/${encodeURIComponent(userId)}`, { method: 'PUT' });
}
