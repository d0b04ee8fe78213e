import { and, eq, ne } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { liveStreams } from '../../db/schema';
import type { AppServer } from '../../realtime/socket-server';
import { type LiveDeps, streamRoom } from './deps';

/**
 * A stream's viewer count: the distinct signed-in users in its room on every process (the Redis
 * adapter answers `fetchSockets` for all of them), its reader not counted, so two tabs of one
 * viewer count once. Kept in live_streams.viewer_count for the lists and sent to the room as
 * `stream_viewers` when it changes (docs/decisions/023).
 */
export function createViewerCounts(server: AppServer, deps: Pick<LiveDeps, 'db' | 'realtime'>) {
  // One recount at a time per stream on this process, so an older count never overwrites a newer
  // one; and at most one waiting behind it, which every caller shares: it starts after all their
  // joins and leaves, so a burst of a thousand joins costs a few recounts, not a thousand.
  const running = new Map<string, Promise<void>>();
  const waiting = new Map<string, Promise<void>>();

  const count = async (streamId: string) => {
    const [stream] = await deps.db.select({ readerId: liveStreams.readerId, status: liveStreams.status }).from(liveStreams).where(eq(liveStreams.id, streamId));
    if (stream?.status !== 'live') return;
    const sockets = await server.in(streamRoom(streamId)).fetchSockets();
    const viewers = new Set(sockets.map((socket) => socket.data.user.id).filter((userId) => userId !== stream.readerId));
    const changed = await deps.db
      .update(liveStreams)
      .set({ viewerCount: viewers.size })
      .where(and(eq(liveStreams.id, streamId), eq(liveStreams.status, 'live'), ne(liveStreams.viewerCount, viewers.size)))
      .returning({ id: liveStreams.id });
    if (changed.length > 0) deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamViewers, { streamId, count: viewers.size });
  };

  return {
    /** Counts the room again after someone joined or left; resolves once the count is stored and sent. */
    recount(streamId: string): Promise<void> {
      const queued = waiting.get(streamId);
      if (queued) return queued;
      const next: Promise<void> = (running.get(streamId) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          waiting.delete(streamId);
          running.set(streamId, next);
          return count(streamId);
        });
      waiting.set(streamId, next);
      next
        .finally(() => {
          if (running.get(streamId) === next) running.delete(streamId);
        })
        .catch(() => undefined);
      return next;
    },
    /** Waits for every recount under way (shutdown: none may write after the database closes). */
    async settle() {
      await Promise.allSettled([...running.values(), ...waiting.values()]);
    },
  };
}
