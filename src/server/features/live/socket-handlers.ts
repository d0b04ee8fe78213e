import { ERROR_CODES } from '@shared/errors';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import type { AppServer } from '../../realtime/socket-server';
import { type LiveDeps, streamRoom } from './deps';
import { createStreamChatLimiter, sendStreamMessage } from './stream-chat';
import { createStreamJoinCache } from './stream-join-cache';
import { type ViewerAdmission, viewerAccessReaders } from './viewer-access';
import { createViewerCounts } from './viewer-counts';

type LiveHandlers = ClientEventHandlers<'join_stream' | 'leave_stream' | 'stream_message'>;

/** Who may watch: a live stream, and for a priced one its reader or a viewer admitted by POST /join. */
function assertWatchable(access: ViewerAdmission): asserts access is NonNullable<ViewerAdmission> {
  if (!access) throw notFound('Stream not found');
  if (access.status === 'scheduled') throw conflict('This stream has not started yet');
  if (access.status === 'ended') throw conflict('This stream has ended');
  if (!access.viewerHasJoined) throw new AppError(ERROR_CODES.paymentRequired, 'Join this stream to watch it');
}

/**
 * The live socket: joining and leaving a stream's room (with its viewer count) and its chat. The
 * media signals (stream_signal) are the media feature's; they go by the same room.
 *
 * A join of a free stream costs one indexed query (the viewer's access, once in the room), a priced
 * one two; the stream, its backlog and its mutes come from memory, and the count is stored and sent
 * at most once a second per stream (docs/decisions/065).
 */
export function registerLiveSocketHandlers(server: AppServer, deps: LiveDeps, log: Log) {
  const counts = createViewerCounts(server, deps, log);
  const kept = createStreamJoinCache(deps, log);
  const readAccess = viewerAccessReaders(deps.db);
  deps.streamChanges.listen(kept.apply);
  const limiter = createStreamChatLimiter(deps.clock);

  const feature: SocketFeature = (socket) => {
    const user = socket.data.user;

    const handlers: LiveHandlers = {
      join_stream: async ({ streamId }) => {
        const room = streamRoom(streamId);
        const known = kept.peek(streamId);
        // A priced stream's admission is checked before the room is joined, so a viewer who has
        // not paid never hears it; a free one (or one's own) is joined first and checked once in it.
        const isFreeToWatch =
          known !== undefined && (known.stream.priceCents === 0 || known.stream.reader.id === user.id);
        if (!isFreeToWatch) assertWatchable(await readAccess.admission(streamId, user.id));
        const loaded = known ?? (await kept.get(streamId));
        if (!loaded) throw notFound('Stream not found');
        // From reading the backlog to joining the room without a pause: a message stored before
        // is in the backlog (its change reached this process before its room event), one after
        // reaches this socket in the room.
        const shown = kept.peek(streamId) ?? loaded;
        const messages = [...shown.messages];
        const mutedUserIds = [...shown.mutedUserIds];
        counts.setReader(streamId, shown.stream.reader.id);
        await socket.join(room);
        // Checked once in the room: an end that committed before this read emptied the room before
        // this socket was in it, and must not leave it watching; one after reaches it in the room.
        const now = await readAccess.inRoom(streamId, user.id);
        if (now?.status !== 'live') {
          await socket.leave(room);
          throw now ? conflict('This stream has ended') : notFound('Stream not found');
        }
        // Admitted: free, its own reader, or checked above.
        const viewer = {
          viewerFollowsReader: now.viewerFollowsReader,
          viewerHasReminder: now.viewerHasReminder,
          viewerHasJoined: true,
        };
        const stream = { ...shown.stream, ...viewer, viewerCount: counts.count(streamId) };
        return { stream, messages, peerId: socket.id, mutedUserIds };
      },

      leave_stream: async ({ streamId }) => {
        if (socket.rooms.has(streamRoom(streamId))) await socket.leave(streamRoom(streamId));
        return {};
      },

      stream_message: async (input) => {
        if (!socket.rooms.has(streamRoom(input.streamId))) throw forbidden('Join the stream before chatting');
        return sendStreamMessage(deps, limiter, user, input);
      },
    };
    return handlers;
  };

  return { feature, stop: () => counts.settle() };
}
