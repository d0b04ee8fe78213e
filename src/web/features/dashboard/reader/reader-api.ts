import { readerEarningsSchema, readerSessionsPageSchema, readerStatsSchema } from '@shared/reader-dashboard';
import { readerScheduleSchema, type UpdateScheduleInput } from '@shared/reader-schedule';
import { readerSchema } from '@shared/readers';
import { sessionHistorySchema, type UpdateMyReaderInput, updatedReaderSchema } from '@shared/sessions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const myReaderQuery = queryOptions({
  queryKey: ['dashboard', 'reader', 'me'],
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/me', readerSchema, { signal }),
});

export function updateMyReader(input: UpdateMyReaderInput) {
  return apiRequestParsed('/api/readers/me', updatedReaderSchema, { method: 'PATCH', body: input });
}

/**
 * The reader's live reading, if any (SPEC.md §4: a session with status active is 'In Session').
 * A reader has one open session at most, so the latest few hold it.
 */
export const liveSessionQuery = (readerId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'reader', 'live-session', readerId],
    queryFn: ({ signal }) =>
      apiRequestParsed('/api/sessions/history?limit=5&offset=0', sessionHistorySchema, { signal }),
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
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/me/stats', readerStatsSchema, { signal }),
});

export const readerEarningsQuery = queryOptions({
  queryKey: readerFigureKeys.earnings,
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/me/earnings', readerEarningsSchema, { signal }),
});

/** One page of the reader's readings; the previous page stays on screen while the next loads. */
export const readerSessionsQuery = (page: number) =>
  queryOptions({
    queryKey: readerFigureKeys.sessions(page),
    queryFn: ({ signal }) =>
      apiRequestParsed(
        `/api/readers/me/sessions?${new URLSearchParams({ page: String(page) })}`,
        readerSessionsPageSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const readerScheduleQuery = queryOptions({
  queryKey: ['dashboard', 'reader', 'schedule'],
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/me/availability', readerScheduleSchema, { signal }),
});

export function saveReaderSchedule(input: UpdateScheduleInput) {
  return apiRequestParsed('/api/readers/me/availability', readerScheduleSchema, { method: 'PUT', body: input });
}
