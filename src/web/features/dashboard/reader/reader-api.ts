import { readerSchema } from '@shared/readers';
import { sessionHistorySchema, type UpdateMyReaderInput } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const myReaderQuery = queryOptions({
  queryKey: ['dashboard', 'reader', 'me'],
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/me', readerSchema, { signal }),
});

export function updateMyReader(input: UpdateMyReaderInput) {
  return apiRequestParsed('/api/readers/me', readerSchema, { method: 'PATCH', body: input });
}

/**
 * The reader's live reading, if any (SPEC.md §4: a session with status active is 'In Session').
 * A reader has one open session at most, so the latest few hold it.
 */
export const liveSessionQuery = (readerId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'reader', 'live-session', readerId],
    queryFn: ({ signal }) => apiRequestParsed('/api/sessions/history?limit=5&offset=0', sessionHistorySchema, { signal }),
    select: (data) => data.sessions.find((session) => session.readerId === readerId && session.status === 'active') ?? null,
    staleTime: 0,
  });
