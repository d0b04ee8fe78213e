import { type Reader, type ReaderList, readerListSchema, readerPresence, readerSpecialtiesSchema } from '@shared/readers';
import { SERVER_EVENTS } from '@shared/realtime';
import { type InfiniteData, infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { useServerEvent } from '@/lib/server-events';
import { useSocketConnected } from '@/lib/socket';
import { type DirectoryFilter, directoryApiQuery } from './directory-filter';

const directoryKey = ['readers', 'list'] as const;

/** The directory as the server filters, sorts and pages it; the next page while there are more. */
export function directoryQuery(filter: DirectoryFilter) {
  return infiniteQueryOptions({
    queryKey: [...directoryKey, filter],
    queryFn: ({ pageParam, signal }) => apiRequestParsed(`/api/readers?${directoryApiQuery(filter, pageParam)}`, readerListSchema, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** Every specialty offered, for the filter: the same whatever page or filter is shown. */
export const specialtiesQuery = queryOptions({
  queryKey: ['readers', 'specialties'],
  queryFn: ({ signal }) => apiRequestParsed('/api/readers/specialties', readerSpecialtiesSchema, { signal }),
  select: (data) => data.specialties,
  staleTime: 5 * 60_000,
});

/**
 * Applies `reader_status` and `reader_busy` to every cached page of the directory, so dots, badges
 * and buttons follow each change. Events sent while the socket was down are lost, so every
 * (re)connect refetches the directory. (A visitor has no socket; the page polls instead.)
 */
export function useLiveReaderStatus(): void {
  const queryClient = useQueryClient();
  const patch = (readerId: string, change: Pick<Reader, 'isOnline'> | Pick<Reader, 'isBusy'>) => {
    queryClient.setQueriesData<InfiniteData<ReaderList, number>>({ queryKey: directoryKey }, (current) =>
      current && {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          readers: page.readers.map((reader) => {
            if (reader.id !== readerId) return reader;
            const next = { ...reader, ...change };
            return { ...next, status: readerPresence(next) };
          }),
        })),
      },
    );
  };
  useSocketConnected(() => {
    void queryClient.invalidateQueries({ queryKey: directoryKey });
  });
  useServerEvent(SERVER_EVENTS.readerStatus, ({ readerId, isOnline }) => patch(readerId, { isOnline }));
  useServerEvent(SERVER_EVENTS.readerBusy, ({ readerId, isBusy }) => patch(readerId, { isBusy }));
}
