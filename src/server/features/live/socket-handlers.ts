import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/errors';
import type { LiveStream } from '@shared/live';
import { liveStreams } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import type { AppServer, AppSocket } from '../../realtime/socket-server';
import type { SessionUser } from '../auth';
import { type LiveDeps, streamRoom } from './deps';
import { chatHistory, createStreamChatLimiter, mutedUserIds, sendStreamMessage } from './stream-chat';
import { findStream } from './stream-view';
import { createViewerCounts } from './viewer-counts';

type LiveHandlers = ClientEventHandlers<'join_stream' | 'leave_stream' | 'stream_message'>;

const ROOM_PREFIX = streamRoom('');
/** The streams whose rooms this socket is in (Socket.IO's own record, so nothing else to keep in step). */
const joinedStreamIds = (socket: AppSocket) => [...socket.rooms].filter((room) => room.startsWith(ROOM_PREFIX)).map((room) => room.slice(ROOM_PREFIX.length));

/** Who may watch: a live stream, and for a priced one its reader or a viewer admitted by POST /join. */
async function loadWatchableStream(deps: LiveDeps, streamId: string, user: SessionUser): Promise<LiveStream> {
  const stream = await findStream(deps.db, streamId, user.id);
  if (!stream) throw notFound('Stream not found');
  if (stream.status === 'scheduled') throw conflict('This stream has not started yet');
  if (stream.status === 'ended') throw conflict('This stream has ended');
  if (!stream.viewerHasJoined) throw new AppError(ERROR_CODES.paymentRequired, 'Join this stream to watch it');
  return stream;
}

/**
 * The live socket: joining and leaving a stream's room (with its viewer count) and its chat. The
 * media signals (stream_signal) are the media feature's; they go by the same room.
 */
export function registerLiveSocketHandlers(server: AppServer, deps: LiveDeps, log: Log) {
  const counts = createViewerCounts(server, deps);
  const limiter = createStreamChatLimiter(deps.clock);

  const feature: SocketFeature = (socket) => {
    const user = socket.data.user;

    const handlers: LiveHandlers = {
      join_stream: async ({ streamId }) => {
        const stream = await loadWatchableStream(deps, streamId, user);
        await socket.join(streamRoom(streamId));
        await counts.recount(streamId);
        // Read again after joining: a stream that ended in between must not keep this socket.
        const [now] = await deps.db.select({ status: liveStreams.status, viewerCount: liveStreams.viewerCount }).from(liveStreams).where(eq(liveStreams.id, streamId));
        if (now?.status !== 'live') {
          await socket.leave(streamRoom(streamId));
          throw conflict('This stream has ended');
        }
        const [messages, muted] = await Promise.all([chatHistory(deps.db, streamId), mutedUserIds(deps.db, streamId)]);
        return { stream: { ...stream, viewerCount: now.viewerCount }, messages, peerId: socket.id, mutedUserIds: muted };
      },

      leave_stream: async ({ streamId }) => {
        if (!socket.rooms.has(streamRoom(streamId))) return {};
        await socket.leave(streamRoom(streamId));
        await counts.recount(streamId);
        return {};
      },

      stream_message: async (input) => {
        if (!socket.rooms.has(streamRoom(input.streamId))) throw forbidden('Join the stream before chatting');
        return { message: await sendStreamMessage(deps, limiter, user, input) };
      },
    };

    // Socket.IO empties `socket.rooms` before 'disconnect': note the streams while they are still there.
    let streamsAtDisconnect: string[] = [];
    socket.on('disconnecting', () => {
      streamsAtDisconnect = joinedStreamIds(socket);
    });
    socket.on('disconnect', () => {
      for (const streamId of streamsAtDisconnect) {
        counts.recount(streamId).catch((error: unknown) => log.error({ err: error, streamId }, 'counting a stream’s viewers failed'));
      }
    });
    return handlers;
  };

  return { feature, stop: () => counts.settle() };
}
