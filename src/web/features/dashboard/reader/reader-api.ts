import { readersApi } from '@shared/api/readers';
import { sessionsApi } from '@shared/api/sessions';
import type { UpdateScheduleInput } from '@shared/reader-schedule';
import type { UpdateMyReaderInput } from '@shared/sessions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const myReaderQuery = queryOptions({
  queryKey: ['dashboard', 'reader', 'me'],
  queryFn: ({ signal }) => callApi(readersApi.me, {}, { signal }),
});

export function updateMyReader(input: UpdateMyReaderInput) {
  return callApi(readersApi.updateMe, { body: input });
}

/**
 * The reader's live reading, if any (SPEC.md §4: a session with status active is 'In Session').
 * A reader has one open session at most, so the latest few hold it.
 */
export const liveSessionQuery = (readerId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'reader', 'live-session', readerId],
    queryFn: ({ signal }) => callApi(sessionsApi.history, { query: { limit: 5, offset: 0 } }, { signal }),
    select: (data) =>
      data.sessions.find((session) => session.readerId === readerId && session.status === 'active') ?? null,
    staleTime: 0,
  });

/** Everything computed from readings and the ledger: refetched together when a minute is charged or a reading ends. */
export const readerFigureKeys = {
  all: ['dashboard', 'reader', 'figures'] as const,
  stats: ['dashboard', 'reader', 'figures', 'stats'] as const,
  earnings: ['dashboard', 'reader', 'figures', 'earnings'] as const,
  sessions: (page: number) => ['dashboard', 'reader', 'figures', 'sessions', page] as const,
};

export const readerStatsQuery = queryOptions({
  queryKey: readerFigureKeys.stats,
  queryFn: ({ signal }) => callApi(readersApi.stats, {}, { signal }),
});

export const readerEarningsQuery = queryOptions({
  queryKey: readerFigureKeys.earnings,
  queryFn: ({ signal }) => callApi(readersApi.earnings, {}, { signal }),
});

/** One page of the reader's readings; the previous page stays on screen while the next loads. */
export const readerSessionsQuery = (page: number) =>
  queryOptions({
    queryKey: readerFigureKeys.sessions(page),
    queryFn: ({ signal }) => callApi(readersApi.sessions, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const readerScheduleQuery = queryOptions({
  queryKey: ['dashboard', 'reader', 'schedule'],
  queryFn: ({ signal }) => callApi(readersApi.schedule, {}, { signal }),
});

export function saveReaderSchedule(input: UpdateScheduleInput) {
  return callApi(readersApi.setSchedule, { body: input });
}
