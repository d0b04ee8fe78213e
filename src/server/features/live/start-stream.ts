import { eq } from 'drizzle-orm';
import { liveStreams } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, forbidden, notFound } from '../../errors';
import type { Log } from '../../realtime/client-events';
import { announceLive } from './announce-live';
import { alreadyLive } from './create-stream';
import type { LiveDeps } from './deps';

/** POST /api/live/streams/:id/start: the reader starts a stream they scheduled. */
export async function startStream(
  deps: LiveDeps,
  readerId: string,
  streamId: string,
  log: Log,
): Promise<{ id: string; status: 'live' }> {
  const now = new Date(deps.clock.now());
  try {
    await deps.db.transaction(async (tx) => {
      const [stream] = await tx
        .select({ readerId: liveStreams.readerId, status: liveStreams.status })
        .from(liveStreams)
        .where(eq(liveStreams.id, streamId))
        .for('update');
      if (!stream) throw notFound('Stream not found');
      if (stream.readerId !== readerId) throw forbidden('Only its reader can start this stream');
      if (stream.status === 'live') throw conflict('This stream is already live');
      if (stream.status === 'ended') throw conflict('This stream has ended');
      await tx
        .update(liveStreams)
        .set({ status: 'live', startedAt: now, updatedAt: now })
        .where(eq(liveStreams.id, streamId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLive();
    throw error;
  }
  await announceLive(deps, streamId, log);
  return { id: streamId, status: 'live' };
}
