import { sessionsApi } from '@shared/api/sessions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const HISTORY_PAGE_SIZE = 10;

export const clientHistoryKeys = {
  all: ['sessions', 'client-history'] as const,
  page: (offset: number) => ['sessions', 'client-history', offset] as const,
};

/** One page of the signed-in client's sessions, newest first; the previous page stays on screen while the next loads. */
export const clientHistoryQuery = (offset: number) =>
  queryOptions({
    queryKey: clientHistoryKeys.page(offset),
    queryFn: ({ signal }) => callApi(sessionsApi.history, { query: { limit: HISTORY_PAGE_SIZE, offset } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const clientSummaryQuery = queryOptions({
  queryKey: [...clientHistoryKeys.all, 'summary'],
  queryFn: ({ signal }) => callApi(sessionsApi.summary, {}, { signal }),
});

/** A past reading's receipt: the session, its chat messages and each charged minute. */
export const sessionDetailsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: [...clientHistoryKeys.all, 'details', sessionId],
    queryFn: ({ signal }) => callApi(sessionsApi.details, { params: { id: sessionId } }, { signal }),
  });
