import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { liveStreams } from '../../../../db/schema';
import { STREAM_ROOM_DESCRIPTION } from './create-stream-room';
import { destroyStreamRoom } from './destroy-stream-room';
import type { JanusConnection } from './janus-api';
import { listRooms } from './list-rooms';
import { forgetStreamRoom } from './stream-rooms';

export interface RoomCleanUp {
  /** Rooms destroyed because their stream is no longer live. */
  destroyed: number[];
  /** Rooms named as a stream's that no row names: their secret is lost with the row, so they stay. */
  unknown: number[];
}

/**
 * The clean-up of rooms left by a crash, run at start: every room on `janus` whose row says its
 * stream is no longer live is destroyed with the secret the row holds, and the row forgets it. The
 * rows decide, not the rooms, so any node may run it at any time: a live stream's room is never
 * touched, and two nodes destroying one room both succeed (destroy-stream-room.ts).
 */
export async function destroyRoomsOfEndedStreams(db: Db, janus: JanusConnection): Promise<RoomCleanUp> {
  const ended = await db
    .select({ id: liveStreams.id, room: liveStreams.janusRoom, secret: liveStreams.janusRoomSecret })
    .from(liveStreams)
    .where(and(eq(liveStreams.janusUrl, janus.url), ne(liveStreams.status, 'live'), isNotNull(liveStreams.janusRoom)));
  const destroyed: number[] = [];
  for (const { id, room, secret } of ended) {
    // Never null here (the row's check constraint sets the three together); this tells the compiler.
    if (room === null || secret === null) continue;
    await destroyStreamRoom(janus, { room, secret });
    await forgetStreamRoom(db, id, room);
    destroyed.push(room);
  }
  const named = await db
    .select({ room: liveStreams.janusRoom })
    .from(liveStreams)
    .where(eq(liveStreams.janusUrl, janus.url));
  const namedRooms = new Set(named.map((row) => row.room));
  const unknown = (await listRooms(janus))
    .filter((listed) => STREAM_ROOM_DESCRIPTION.test(listed.description) && !namedRooms.has(listed.room))
    .map((listed) => listed.room);
  return { destroyed, unknown };
}

/**
 * The clean-up on every Janus of the config, in the background of a start: a Janus that is down is
 * logged, not fatal, since the embedded path and the other servers still serve.
 */
export async function cleanUpRoomsAtStart(
  db: Db,
  connections: readonly JanusConnection[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const janus of connections) {
    try {
      const { destroyed, unknown } = await destroyRoomsOfEndedStreams(db, janus);
      if (destroyed.length > 0)
        log.info({ janus: janus.url, rooms: destroyed }, 'destroyed Janus rooms of streams no longer live');
      if (unknown.length > 0)
        log.warn(
          { janus: janus.url, rooms: unknown },
          'Janus rooms of streams no row names: destroy them by hand (their secrets are gone)',
        );
    } catch (error) {
      log.error({ err: error, janus: janus.url }, 'cleaning up the rooms of a Janus failed');
    }
  }
}
