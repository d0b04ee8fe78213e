import { type Reader, readerListSchema } from '@shared/readers';
import { readerStatusEventSchema, SERVER_EVENTS } from '@shared/realtime';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
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
  useSocketEvent(SERVER_EVENTS.readerStatus, (payload) => {
    const parsed = readerStatusEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { readerId, isOnline } = parsed.data;
    queryClient.setQueryData<{ readers: Reader[] }>(readersQuery.queryKey, (current) =>
      current && { readers: current.readers.map((reader) => (reader.id === readerId ? { ...reader, isOnline } : reader)) },
    );
  });
}
