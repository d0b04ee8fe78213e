import { SERVER_EVENTS } from '@shared/realtime-events';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useReaderWatch } from './reader-watch';
import { useServerEvent } from './server-events';

export interface PresenceChange {
  isOnline?: boolean;
  isBusy?: boolean;
}

/**
 * Keeps the cached readers under `queryKey` live from `reader_status` and `reader_busy` while the
 * component shows them: `apply` writes one reader's change into the cached data. Each time watching
 * starts (a reconnect too) the data is fetched again, as changes before were not heard.
 *
 * A fetch already on its way when a change arrives may carry the state from before it, and would
 * overwrite the change when it lands (a directory showed a reader Online for good after they went
 * offline): the change is applied, and that fetch replaced by a new one.
 */
export function useLivePresence<T>(
  queryKey: QueryKey,
  apply: (current: T, readerId: string, change: PresenceChange) => T,
): void {
  const queryClient = useQueryClient();
  const update = (readerId: string, change: PresenceChange) => {
    queryClient.setQueriesData<T>({ queryKey }, (current) => current && apply(current, readerId, change));
    if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
  };
  useReaderWatch(() => {
    void queryClient.invalidateQueries({ queryKey });
  });
  useServerEvent(SERVER_EVENTS.readerStatus, ({ readerId, isOnline }) => update(readerId, { isOnline }));
  useServerEvent(SERVER_EVENTS.readerBusy, ({ readerId, isBusy }) => update(readerId, { isBusy }));
}
