import type { StreamStatus } from '@shared/live';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { liveStreams } from '../../../db/schema';
import type { StreamJanusRoom } from './janus/janus-stream-media';

export interface StreamFacts {
  readerId: string;
  status: StreamStatus;
  /**
   * The Janus room serving its media, if any (decision 061); written once its stream is live, so read with the status.
   */
  janus: StreamJanusRoom | null;
}

/**
 * How long a stream's status is trusted before it is read again. Signals come in bursts (a dozen
 * ICE candidates per viewer), so they must not each cost a query; an ended stream's room is also
 * emptied at once by the end itself, so the room rule stops its signals before this expires.
 */
export const STATUS_TTL_MS = 1000;

/**
 * The facts of a stream the media relay needs on every signal: its reader never changes, so it is
 * read once; its status is re-read at most once per `STATUS_TTL_MS`.
 */
export function createStreamLookup(db: Db, clock: Clock) {
  const known = new Map<string, StreamFacts & { checkedAt: number }>();
  async function lookup(streamId: string): Promise<StreamFacts | null> {
    const cached = known.get(streamId);
    if (cached && (cached.status === 'ended' || clock.now() - cached.checkedAt < STATUS_TTL_MS)) return cached;
    const [row] = await db
      .select({
        readerId: liveStreams.readerId,
        status: liveStreams.status,
        url: liveStreams.janusUrl,
        room: liveStreams.janusRoom,
        secret: liveStreams.janusRoomSecret,
      })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId));
    if (!row) return null;
    const { url, room, secret } = row;
    const janus = url !== null && room !== null && secret !== null ? { url, room, secret } : null;
    const facts = { readerId: row.readerId, status: row.status, janus, checkedAt: clock.now() };
    known.set(streamId, facts);
    return facts;
  }
  return Object.assign(lookup, {
    /** The stream's row changed in a way the next signal must see at once (its Janus room moved). */
    forget: (streamId: string) => void known.delete(streamId),
  });
}
export type StreamLookup = ReturnType<typeof createStreamLookup>;
