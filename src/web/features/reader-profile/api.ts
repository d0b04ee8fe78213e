import { readerPresence } from '@shared/reader-directory';
import type { Reader } from '@shared/readers';
import type { ReaderReviews } from '@shared/reviews';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequestTyped } from '@/lib/api';
import { useLivePresence } from '@/lib/live-presence';

/** Visitors have no socket: their profile asks again this often for the reader's status. */
export const VISITOR_REFRESH_MS = 30_000;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A missing reader stays missing: say so at once instead of asking again. */
const retryUnlessNotFound = (failureCount: number, error: Error) => !isNotFound(error) && failureCount < 1;

const profileKey = (username: string) => ['readers', 'by-username', username.toLowerCase()] as const;

export function readerProfileQuery(username: string) {
  return queryOptions({
    queryKey: profileKey(username),
    queryFn: ({ signal }) =>
      apiRequestTyped<Reader>(`/api/readers/by-username/${encodeURIComponent(username)}`, { signal }),
    retry: retryUnlessNotFound,
  });
}

/** The reader's reviews, ten at a time; 'Load more reviews' asks for the next page. */
export function readerReviewsQuery(readerId: string) {
  return infiniteQueryOptions({
    queryKey: ['readers', readerId, 'reviews'],
    queryFn: ({ pageParam, signal }) =>
      apiRequestTyped<ReaderReviews>(`/api/readers/${encodeURIComponent(readerId)}/reviews?page=${pageParam}`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/**
 * Keeps the profile's Online / In a session / Offline badge and its buttons live for a signed-in
 * viewer, from `reader_status` and `reader_busy`, which the page watches while it is open; each
 * time it starts to (a reconnect too) it fetches the profile again, as changes before were not heard.
 */
export function useLiveReaderPresence(username: string): void {
  useLivePresence<Reader>(profileKey(username), (current, readerId, change) => {
    if (current.id !== readerId) return current;
    const next = { ...current, ...change };
    return { ...next, status: readerPresence(next) };
  });
}
