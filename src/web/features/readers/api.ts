import { readersApi } from '@shared/api/readers';
import { readerPresence } from '@shared/reader-directory';
import type { ReaderList } from '@shared/readers';
import { type InfiniteData, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useLivePresence } from '@/lib/live-presence';
import { type DirectoryFilter, directoryApiQuery } from './directory-filter';

const directoryKey = ['readers', 'list'] as const;

/** The directory as the server filters, sorts and pages it; the next page while there are more. */
export function directoryQuery(filter: DirectoryFilter) {
  return infiniteQueryOptions({
    queryKey: [...directoryKey, filter],
    queryFn: ({ pageParam, signal }) =>
      callApi(readersApi.directory, { query: directoryApiQuery(filter, pageParam) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** Every specialty offered, for the filter: the same whatever page or filter is shown. */
export const specialtiesQuery = queryOptions({
  queryKey: ['readers', 'specialties'],
  queryFn: ({ signal }) => callApi(readersApi.specialties, {}, { signal }),
  select: (data) => data.specialties,
  staleTime: 5 * 60_000,
});

/**
 * Applies `reader_status` and `reader_busy` to every cached page of the directory, so dots, badges
 * and buttons follow each change. The page watches readers while it is open, and each time it
 * starts to (a reconnect too) it refetches the directory: what changed before was not heard.
 * (A visitor has no socket; the page polls instead.)
 */
export function useLiveReaderStatus(): void {
  useLivePresence<InfiniteData<ReaderList, number>>(directoryKey, (current, readerId, change) => ({
    ...current,
    pages: current.pages.map((page) => ({
      ...page,
      readers: page.readers.map((reader) => {
        if (reader.id !== readerId) return reader;
        const next = { ...reader, ...change };
        return { ...next, status: readerPresence(next) };
      }),
    })),
  }));
}
