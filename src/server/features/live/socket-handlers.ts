import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/errors';
import { liveStreams } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import type { AppServer } from '../../realtime/socket-server';
import { type LiveDeps, streamRoom } from './deps';
import { createStreamChatLimiter, sendStreamMessage } from './stream-chat';
import { createStreamJoinCache } from './stream-join-cache';
import { readViewerAccess } from './viewer-access';
import { createViewerCounts } from './viewer-counts';

type LiveHandlers = ClientEventHandlers<'join_stream' | 'leave_stream' | 'stream_message'>;

/** Who may watch: a live stream, and for a priced one its reader or a viewer admitted by POST /join. */
function assertWatchable(access: Awaited<ReturnType<typeof readViewerAccess>>): asserts access is NonNullable<typeof access> {
  if (!access) throw notFound('Stream not found');
  if (access.status === 'scheduled') throw conflict('This stream has not started yet');
  if (access.status === 'ended') throw conflict('This stream has ended');
  if (!access.viewerHasJoined) throw new AppError(ERROR_CODES.paymentRequired, 'Join this stream to watch it');
}

/**
 * The live socket: joining and leaving a stream's room (with its viewer count) and its chat. The
 * media signals (stream_signal) are the media feature's; they go by the same room.
 *
 * A join costs two indexed queries of its own (the viewer's access, then the status again once in
 * the room); the stream, its backlog and its mutes come from memory, and the count is stored and
 * sent at most once a second per stream (docs/decisions/065).
 */
export function registerLiveSocketHandlers(server: AppServer, deps: LiveDeps, log: Log) {
  const counts = createViewerCounts(server, deps, log);
  const kept = createStreamJoinCache(deps);
  deps.streamChanges.listen(kept.apply);
  const limiter = createStreamChatLimiter(deps.clock);

  const feature: SocketFeature = (socket) => {
    const user = socket.data.user;

    const handlers: LiveHandlers = {
      join_stream: async ({ streamId }) => {
        const access = await readViewerAccess(deps.db, streamId, user.id);
        assertWatchable(access);
        const loaded = await kept.get(streamId);
        if (!loaded) throw notFound('Stream not found');
        // From reading the backlog to joining the room without a pause: a message stored before
        // is in the backlog (its change reached this process before its room event), one after
        // reaches this socket in the room.
        const shown = kept.peek(streamId) ?? loaded;
        const messages = [...shown.messages];
        const mutedUserIds = [...shown.mutedUserIds];
        counts.setReader(streamId, access.readerId);
        await socket.join(streamRoom(streamId));
        // Read again once in the room: an end that committed meanwhile emptied the room before
        // this socket was in it, and must not leave it watching.
        const [now] = await deps.db.select({ status: liveStreams.status }).from(liveStreams).where(eq(liveStreams.id, streamId));
        if (now?.status !== 'live') {
          await socket.leave(streamRoom(streamId));
          throw conflict('This stream has ended');
        }
        const { viewerFollowsReader, viewerHasReminder, viewerHasJoined } = access;
        const stream = { ...shown.stream, viewerFollowsReader, viewerHasReminder, viewerHasJoined, viewerCount: counts.count(streamId) };
        return { stream, messages, peerId: socket.id, mutedUserIds };
      },

      leave_stream: async ({ streamId }) => {
        if (socket.rooms.has(streamRoom(streamId))) await socket.leave(streamRoom(streamId));
        return {};
      },

      stream_message: async (input) => {
        if (!socket.rooms.has(streamRoom(input.streamId))) throw forbidden('Join the stream before chatting');
        return { message: await sendStreamMessage(deps, limiter, user, input) };
      },
    };
    return handlers;
  };

  return { feature, stop: () => counts.settle() };
}
