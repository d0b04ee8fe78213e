import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { liveStreams } from '../../../../db/schema';
import { createStreamRoom, newStreamRoom, type StreamRoom } from './create-stream-room';
import { destroyStreamRoom } from './destroy-stream-room';
import type { JanusConnection } from './janus-api';

const noRoom = { janusUrl: null, janusRoom: null, janusRoomSecret: null };

/**
 * Gives a live stream its room on `janus`: the row names the room and its secret first, then Janus
 * creates it, so a crash in between leaves a row naming a room that does not exist (destroying it
 * is then a no-op), never a room nobody holds the secret of. Null when the stream is not live or
 * already has a room (a second node starting it loses here, before touching Janus).
 */
export async function openStreamRoom(db: Db, janus: JanusConnection, streamId: string): Promise<StreamRoom | null> {
  const planned = newStreamRoom();
  const [claimed] = await db
    .update(liveStreams)
    .set({ janusUrl: janus.url, janusRoom: planned.room, janusRoomSecret: planned.secret })
    .where(and(eq(liveStreams.id, streamId), eq(liveStreams.status, 'live'), isNull(liveStreams.janusRoom)))
    .returning({ id: liveStreams.id });
  if (!claimed) return null;
  try {
    await createStreamRoom(janus, streamId, planned);
  } catch (error) {
    await forgetStreamRoom(db, streamId, planned.room);
    throw error;
  }
  return planned;
}

/** Clears the row's room once that room is gone; a row naming another room by now keeps it. */
export async function forgetStreamRoom(db: Db, streamId: string, room: number): Promise<void> {
  await db
    .update(liveStreams)
    .set(noRoom)
    .where(and(eq(liveStreams.id, streamId), eq(liveStreams.janusRoom, room)));
}

/**
 * Destroys the room of a stream that is no longer live and clears its row. A room on a Janus this
 * process is not configured with stays for the start-up clean-up of the nodes that are.
 */
export async function closeStreamRoom(
  db: Db,
  connections: readonly JanusConnection[],
  streamId: string,
): Promise<void> {
  const [row] = await db
    .select({ url: liveStreams.janusUrl, room: liveStreams.janusRoom, secret: liveStreams.janusRoomSecret })
    .from(liveStreams)
    .where(and(eq(liveStreams.id, streamId), ne(liveStreams.status, 'live')));
  const janus = connections.find((connection) => connection.url === row?.url);
  if (!janus || !row || row.room === null || row.secret === null) return;
  await destroyStreamRoom(janus, { room: row.room, secret: row.secret });
  await forgetStreamRoom(db, streamId, row.room);
}
