import type { AppSocket } from '../../realtime/socket-server';

/**
 * Presence writes started by connections and disconnects. Each socket's run one after another: a
 * hold marked by a join (or by a reader page connecting) must never land after the disconnect that
 * clears it, or the side would stay present with no socket. Shutdown waits for all of them, so
 * none writes or emits after close.
 */
export function presenceWrites() {
  const pending = new Set<Promise<unknown>>();
  return {
    inTurn<T>(socket: AppSocket, write: () => Promise<T>): Promise<T> {
      const next = socket.data.presenceWrites.then(write);
      socket.data.presenceWrites = next.catch(() => undefined);
      pending.add(next);
      void next.catch(() => undefined).finally(() => pending.delete(next));
      return next;
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
