import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { chooseJanus } from './choose-janus';
import type { JanusConnection } from './janus-api';
import type { JanusStreamMedia } from './janus-stream-media';
import { closeStreamRoom, openStreamRoom } from './stream-rooms';

export interface StreamRoomHooksDeps {
  db: Db;
  connections: readonly JanusConnection[];
  media: JanusStreamMedia;
  log: FastifyBaseLogger;
}

/**
 * A stream's Janus room follows its stream (decision 061): opened as it goes live, before its followers
 * hear of it, so the reader's page finds it when it announces its camera; destroyed as it ends,
 * whichever way. A failure is logged and leaves the stream as it is: without a room its media goes
 * peer to peer, and a room left behind is the start-up clean-up's.
 */
export function streamRoomHooks(deps: StreamRoomHooksDeps) {
  const { db, connections, media, log } = deps;
  const closing = new Set<Promise<void>>();
  return {
    async opened(streamId: string): Promise<void> {
      try {
        const janus = await chooseJanus(db, connections);
        if (!janus) return log.warn({ streamId }, 'no Janus answers its health check: the stream goes peer to peer');
        await openStreamRoom(db, janus, streamId);
      } catch (error) {
        log.error({ err: error, streamId }, 'opening a stream’s Janus room failed: the stream goes peer to peer');
      }
    },

    ended(streamId: string): void {
      media.streamEnded(streamId);
      const closed = closeStreamRoom(db, connections, streamId)
        .catch((error: unknown) =>
          log.error({ err: error, streamId }, 'destroying an ended stream’s Janus room failed'),
        )
        .finally(() => closing.delete(closed));
      closing.add(closed);
    },

    /** Waits for the rooms being destroyed, before the database closes. */
    settle: async () => {
      await Promise.all(closing);
    },
  };
}
