import { readersApi } from '@shared/api/readers';
import { reviewsApi } from '@shared/api/reviews';
import { readerPresence } from '@shared/reader-directory';
import type { Reader } from '@shared/readers';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
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
    queryFn: ({ signal }) => callApi(readersApi.byUsername, { params: { username } }, { signal }),
    retry: retryUnlessNotFound,
  });
}

/** The reader's reviews, ten at a time; 'Load more reviews' asks for the next page. */
export function readerReviewsQuery(readerId: string) {
  return infiniteQueryOptions({
    queryKey: ['readers', readerId, 'reviews'],
    queryFn: ({ pageParam, signal }) =>
      callApi(reviewsApi.ofReader, { params: { id: readerId }, query: { page: pageParam } }, { signal }),
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
