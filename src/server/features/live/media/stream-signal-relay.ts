import { LIVE_P2P_MAX_VIEWERS, LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { type RelayedStreamSignal, SERVER_EVENTS, type StreamSignal } from '@shared/realtime';
import { conflict, forbidden, notFound } from '../../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../../realtime/client-events';
import type { AppServer, AppSocket } from '../../../realtime/socket-server';
import { streamRoom } from '../deps';
import type { StreamFacts, StreamLookup } from './stream-lookup';

type SignalType = StreamSignal['signal']['type'];

/** The viewers who asked for the media and were not turned away: the server's count for the cap. */
export const streamWatchersRoom = (streamId: string) => `${streamRoom(streamId)}:watchers`;

/** What each side may say: only the broadcaster offers, announces itself or turns a viewer away. */
const VIEWER_SIGNALS: ReadonlySet<SignalType> = new Set(['watch', 'answer', 'ice_candidate', 'bye']);
const BROADCASTER_SIGNALS: ReadonlySet<SignalType> = new Set(['ready', 'offer', 'ice_candidate', 'bye', 'full']);

export interface StreamSignalDeps {
  io: AppServer;
  lookup: StreamLookup;
  log: Log;
  /** The media cap; the broadcaster's page enforces the same number on its side. */
  maxViewers?: number;
}

interface Peer {
  id: string;
  userId: string;
  rooms: Set<string>;
}

/**
 * The live media relay (`stream_signal`): the only server part of the peer-to-peer media path,
 * and the seam a forwarder (SFU) would sit behind (docs/decisions/025). Rules:
 * - only a socket in the stream's room signals, and only while the stream is live;
 * - a viewer talks to the broadcaster only (the stream's reader's sockets in the room): without
 *   `to` to all of them, with `to` to one of them; a viewer never reaches another viewer;
 * - the broadcaster reaches one socket of the room with `to`, the whole room without;
 * - a `watch` beyond the cap is refused with the 'full' message, whatever the broadcaster's page says.
 * Sockets are looked up through the adapter, so this holds across processes with the Redis adapter.
 */
export function streamSignalRelay(deps: StreamSignalDeps): SocketFeature {
  const { io, lookup } = deps;
  const maxViewers = deps.maxViewers ?? LIVE_P2P_MAX_VIEWERS;

  const socketsIn = async (room: string): Promise<Peer[]> =>
    (await io.in(room).fetchSockets()).map((s) => ({ id: s.id, userId: s.data.user.id, rooms: s.rooms }));

  /** The socket with this id, if it is in the stream's room (`to` may name any room: match the id). */
  const peerInRoom = async (socketId: string, streamId: string) => {
    const [peer] = (await socketsIn(socketId)).filter((s) => s.id === socketId);
    return peer?.rooms.has(streamRoom(streamId)) ? peer : null;
  };

  const emitTo = (targets: string | string[], payload: RelayedStreamSignal) => {
    if (targets.length > 0) io.to(targets).emit(SERVER_EVENTS.streamSignal, payload);
  };

  const broadcasterSockets = async (streamId: string, readerId: string, except: string) =>
    (await socketsIn(streamRoom(streamId))).filter((s) => s.userId === readerId && s.id !== except).map((s) => s.id);

  /** Joins the watchers, or is refused when the others already fill the cap (self counted, so two racing watches never both pass). */
  const admitWatcher = async (socket: AppSocket, streamId: string) => {
    const watchers = streamWatchersRoom(streamId);
    await socket.join(watchers);
    const watching = (await socketsIn(watchers)).filter((s) => s.rooms.has(streamRoom(streamId)));
    if (watching.length > maxViewers) {
      await socket.leave(watchers);
      throw conflict(LIVE_STREAM_FULL_MESSAGE);
    }
  };

  const fromViewer = async (socket: AppSocket, input: StreamSignal, stream: StreamFacts, relayed: RelayedStreamSignal) => {
    const { streamId, to, signal } = input;
    if (!VIEWER_SIGNALS.has(signal.type)) throw forbidden('Only the reader broadcasts in a stream');
    if (signal.type === 'watch') await admitWatcher(socket, streamId);
    if (signal.type === 'bye') await socket.leave(streamWatchersRoom(streamId));
    if (to === undefined) return emitTo(await broadcasterSockets(streamId, stream.readerId, socket.id), relayed);
    const target = await peerInRoom(to, streamId);
    if (!target || target.userId !== stream.readerId) throw forbidden('Viewers can only signal the reader');
    emitTo(target.id, relayed);
  };

  const fromBroadcaster = async (socket: AppSocket, input: StreamSignal, relayed: RelayedStreamSignal) => {
    const { streamId, to, signal } = input;
    if (!BROADCASTER_SIGNALS.has(signal.type)) throw forbidden('The reader broadcasts; only viewers watch');
    const watchers = streamWatchersRoom(streamId);
    if (to === undefined) {
      // The camera stopped: every viewer asks again when it announces itself (`ready`).
      if (signal.type === 'bye') io.in(watchers).socketsLeave(watchers);
      socket.to(streamRoom(streamId)).emit(SERVER_EVENTS.streamSignal, relayed);
      return;
    }
    const target = await peerInRoom(to, streamId);
    if (!target) throw notFound('That viewer is not in the stream');
    if (signal.type === 'bye' || signal.type === 'full') io.in(target.id).socketsLeave(watchers);
    emitTo(target.id, relayed);
  };

  return (socket) => {
    const user = socket.data.user;
    /** Streams this socket watches or broadcasts, so its disconnect can say `bye` for it. */
    const watching = new Map<string, string>();
    const broadcasting = new Set<string>();

    socket.on('disconnecting', () => {
      const byes: Promise<void>[] = [];
      for (const [streamId, readerId] of watching) {
        if (!socket.rooms.has(streamWatchersRoom(streamId))) continue;
        const bye: RelayedStreamSignal = { streamId, from: socket.id, fromUserId: user.id, signal: { type: 'bye' } };
        byes.push(broadcasterSockets(streamId, readerId, socket.id).then((ids) => emitTo(ids, bye)));
      }
      for (const streamId of broadcasting) {
        if (!socket.rooms.has(streamRoom(streamId))) continue;
        socket.to(streamRoom(streamId)).emit(SERVER_EVENTS.streamSignal, { streamId, from: socket.id, fromUserId: user.id, signal: { type: 'bye' } });
      }
      Promise.all(byes).catch((error: unknown) => deps.log.error({ err: error }, 'telling a broadcaster a viewer left failed'));
    });

    const handlers: ClientEventHandlers<'stream_signal'> = {
      stream_signal: async (input) => {
        const { streamId, signal } = input;
        const stream = await lookup(streamId);
        if (!stream) throw notFound('Stream not found');
        const isBroadcaster = stream.readerId === user.id;
        // A viewer whose page left the room a moment before its goodbye may still say it.
        const isLateBye = !isBroadcaster && signal.type === 'bye' && socket.rooms.has(streamWatchersRoom(streamId));
        if (!socket.rooms.has(streamRoom(streamId)) && !isLateBye) throw forbidden('Join the stream before signalling');
        if (stream.status !== 'live' && signal.type !== 'bye') throw conflict('This stream is not live');
        const relayed: RelayedStreamSignal = { streamId, from: socket.id, fromUserId: user.id, signal };
        if (isBroadcaster) {
          if (signal.type === 'ready') broadcasting.add(streamId);
          if (signal.type === 'bye' && input.to === undefined) broadcasting.delete(streamId);
          await fromBroadcaster(socket, input, relayed);
        } else {
          if (signal.type === 'watch') watching.set(streamId, stream.readerId);
          await fromViewer(socket, input, stream, relayed);
        }
        return {};
      },
    };
    return handlers;
  };
}
