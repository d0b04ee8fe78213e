import { type Reader, readerListSchema } from '@shared/readers';
import { SERVER_EVENTS } from '@shared/realtime';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { useServerEvent } from '@/lib/server-events';
import { useSocketEvent } from '@/lib/socket';

export const readersQuery = queryOptions({
  queryKey: ['readers', 'list'],
  queryFn: ({ signal }) => apiRequestParsed('/api/readers', readerListSchema, { signal }),
  select: (data) => data.readers,
});

/**
 * Applies `reader_status` to the cached directory, so online dots and buttons follow each switch.
 * Events sent while the socket was down are lost, so every (re)connect refetches the directory.
 */
export function useLiveReaderStatus(): void {
  const queryClient = useQueryClient();
  useSocketEvent('connect', () => {
    void queryClient.invalidateQueries({ queryKey: readersQuery.queryKey });
  });
  useServerEvent(SERVER_EVENTS.readerStatus, ({ readerId, isOnline }) => {
    queryClient.setQueryData<{ readers: Reader[] }>(readersQuery.queryKey, (current) =>
      current && { readers: current.readers.map((reader) => (reader.id === readerId ? { ...reader, isOnline } : reader)) },
    );
  });
}
