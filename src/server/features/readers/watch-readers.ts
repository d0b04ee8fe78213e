import type { ClientEventHandlers, SocketFeature } from '../../realtime/client-events';
import { readerWatchersRoom } from '../../realtime/socket-server';

/**
 * The pages that show readers' presence (the directory, a profile, Favorite Readers, a request
 * waiting on a reader) join the watchers' room while they are open, so only they hear every
 * reader's `reader_status` and `reader_busy`: with thousands of readings, telling every socket of
 * every start and end was the server's largest cost (decision 029).
 */
export const watchReaders: SocketFeature = (socket) => {
  const handlers: ClientEventHandlers<'watch_readers' | 'unwatch_readers'> = {
    watch_readers: async () => {
      await socket.join(readerWatchersRoom);
      return {};
    },
    unwatch_readers: async () => {
      await socket.leave(readerWatchersRoom);
      return {};
    },
  };
  return handlers;
};
