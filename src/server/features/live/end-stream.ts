import { and, eq } from 'drizzle-orm';
import type { LiveStream } from '@shared/live';
import { SERVER_EVENTS } from '@shared/realtime';
import { liveStreams } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import { type AdminCandidate, assertAdminPower, type SessionUser } from '../auth';
import { type LiveDeps, streamRoom } from './deps';
import { findStream } from './stream-view';

/**
 * POST /api/live/streams/:id/end: its reader or an admin ends a live stream (or cancels a scheduled
 * one). Everyone in the room hears `stream_ended` after the commit, then the room is emptied so no
 * chat or signal reaches an ended stream. Ending it again changes nothing.
 */
type EndDeps = Pick<LiveDeps, 'db' | 'clock' | 'realtime' | 'onStreamEnded'>;

export async function endStream(
  deps: EndDeps,
  caller: Pick<SessionUser, 'id'> & AdminCandidate,
  streamId: string,
): Promise<LiveStream> {
  const outbox = new Outbox();
  const endsNow = await deps.db.transaction(async (tx) => {
    const [stream] = await tx
      .select({ readerId: liveStreams.readerId, status: liveStreams.status })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
      .for('update');
    if (!stream) throw notFound('Stream not found');
    if (stream.readerId !== caller.id)
      assertAdminPower(caller, () => forbidden('Only its reader or an admin can end this stream'));
    if (stream.status === 'ended') return false;
    const now = new Date(deps.clock.now());
    await tx
      .update(liveStreams)
      .set({ status: 'ended', endedAt: now, endedBy: caller.id, endReason: 'ended', viewerCount: 0, updatedAt: now })
      .where(eq(liveStreams.id, streamId));
    outbox
      .toRoom(streamRoom(streamId), SERVER_EVENTS.streamEnded, {
        streamId,
        endedAt: now.toISOString(),
        reason: 'ended',
      })
      .closeRoom(streamRoom(streamId));
    return true;
  });
  outbox.flush(deps.realtime);
  if (endsNow) deps.onStreamEnded?.(streamId);
  const ended = await findStream(deps.db, streamId, caller.id, { includeSuspended: true });
  if (!ended) throw notFound('Stream not found');
  return ended;
}

/**
 * An admin suspended a reader: a stream they are live in ends as if the admin ended it, so its
 * viewers are told and the reader, if restored, can go live again.
 */
export async function endLiveStreamsOf(
  deps: EndDeps,
  readerId: string,
  admin: Pick<SessionUser, 'id'> & AdminCandidate,
): Promise<void> {
  const live = await deps.db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(eq(liveStreams.readerId, readerId), eq(liveStreams.status, 'live')));
  for (const stream of live) await endStream(deps, admin, stream.id);
}
