import { useEffect, useRef } from 'react';
import { useSocket } from './socket';

/** How many mounted components show readers' presence in this tab: the last one to go unwatches. */
let watching = 0;

/**
 * Keeps this tab among the pages that hear every reader's `reader_status` and `reader_busy` while
 * a component that shows them is mounted: the server tells no other page (decision 029). Each
 * (re)connection joins again and then calls `onWatching`, because whatever changed before the join
 * was not heard and must be fetched again.
 */
export function useReaderWatch(onWatching: () => void): void {
  const socket = useSocket();
  const onWatchingRef = useRef(onWatching);
  useEffect(() => {
    onWatchingRef.current = onWatching;
  });
  useEffect(() => {
    if (!socket) return;
    watching += 1;
    // Refetch whatever the answer: a refused join still leaves the page to show the latest state.
    const watch = () => socket.emit('watch_readers', {}, () => onWatchingRef.current());
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      watching -= 1;
      if (watching === 0 && socket.connected) socket.emit('unwatch_readers', {}, () => {});
    };
  }, [socket]);
}
