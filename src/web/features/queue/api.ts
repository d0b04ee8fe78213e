import { queueApi } from '@shared/api/queue';
import type { SessionType } from '@shared/constants';
import type { CurrentQueuePlace, QueuePlace } from '@shared/queue';
import { SERVER_EVENTS } from '@shared/realtime-events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { useProfile } from '@/lib/auth';
import { retryWhileDraining } from '@/lib/retry-while-draining';
import { useServerEvent } from '@/lib/server-events';
import { useSocketEvent } from '@/lib/socket';
import { toast } from '@/lib/toast';

export const queueKeys = { place: ['queue', 'place'] as const };

/** The signed-in client's place in a reader's line, or null. */
export const queuePlaceQuery = queryOptions({
  queryKey: queueKeys.place,
  queryFn: ({ signal }) => callApi(queueApi.place, {}, { signal }),
});

/** The viewer's place in a line; only clients queue, so nobody else asks. */
export function useQueuePlace() {
  const { data: profile } = useProfile();
  const isClient = profile?.role === 'client';
  const query = useQuery({ ...queuePlaceQuery, enabled: isClient });
  return { isClient, place: isClient ? (query.data?.place ?? null) : null, isPending: isClient && query.isPending };
}

export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ readerId, sessionType }: { readerId: string; sessionType: SessionType }) =>
      retryWhileDraining(() => callApi(queueApi.join, { params: { id: readerId }, body: { sessionType } })),
    onSuccess: (place) => {
      queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, { place });
      toast.success(`You are #${place.position} in ${place.readerName}'s queue`);
    },
    onError: (error) =>
      toast.error('Could not join the queue', { description: error instanceof ApiError ? error.message : undefined }),
  });
}

/** Leaves the line; with an offer open this is 'Not now' and the next client is offered at once. */
export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readerId: string) => callApi(queueApi.leave, { params: { id: readerId } }),
    onSuccess: () => queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, { place: null }),
    onError: () => toast.error('Could not leave the queue'),
  });
}

const closedNotice = (readerName: string, reason: 'reader_offline' | 'offer_expired') =>
  reason === 'reader_offline'
    ? `${readerName} went offline, so their queue has closed.`
    : `Your turn with ${readerName} passed, so you left the queue.`;

/**
 * Keeps the client's place live: a new position, an offer and a closed line, with a toast for the
 * last. Events missed while the socket was down are lost,
 * so a (re)connect fetches the place again.
 */
export function useLiveQueuePlace(): void {
  const queryClient = useQueryClient();
  const update = (readerId: string, change: (place: QueuePlace) => QueuePlace | null) =>
    queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, (current) =>
      current?.place?.readerId === readerId ? { place: change(current.place) } : current,
    );
  useSocketEvent('connect', () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.place });
  });
  // Listening starts when this (lazily loaded) part mounts, which on a fresh page can be after the
  // socket connected and after an offer was sent: what the place became meanwhile is fetched once
  // now, rather than trusting a place the page fetched before it listened.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.place });
  }, [queryClient]);
  useServerEvent(SERVER_EVENTS.queuePosition, ({ readerId, position }) =>
    update(readerId, (place) => ({ ...place, position })),
  );
  useServerEvent(SERVER_EVENTS.queueOffer, ({ readerId, sessionType, ratePerMinuteCents, expiresAt }) => {
    update(readerId, (place) => ({
      ...place,
      position: 1,
      sessionType,
      ratePerMinuteCents,
      offerExpiresAt: expiresAt,
    }));
    void queryClient.invalidateQueries({ queryKey: queueKeys.place });
  });
  useServerEvent(SERVER_EVENTS.queueClosed, ({ readerId, readerName, reason }) => {
    update(readerId, () => null);
    toast.info(closedNotice(readerName, reason));
  });
}
