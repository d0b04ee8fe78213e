import { LIVE_P2P_MAX_VIEWERS, LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { FORWARDER_PEER_ID, JANUS_PEER_ID, readEnvelope } from '@shared/live-media-signal';
import { type RelayedStreamSignal, SERVER_EVENTS, type StreamSignal } from '@shared/realtime';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../../realtime/client-events';
import type { AppServer, AppSocket } from '../../../realtime/socket-server';
import { streamRoom } from '../deps';
import { type ForwardedViewers, forwardedViewers } from './forwarded-viewers';
import type { MediaForwarder } from './forwarder/media-forwarder';
import type { JanusStreamMedia, StreamJanusRoom } from './janus/janus-stream-media';
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
  /** The peer-to-peer cap; the broadcaster's page enforces LIVE_P2P_MAX_VIEWERS (no fewer) on its side. */
  maxViewers?: number;
  /** Serves the viewers above the cap; without it they are told the stream is full. */
  forwarder?: { forwarder: MediaForwarder; maxViewers: number };
  /** Carries the media of streams whose row names a Janus room (decision 061) instead of the paths above. */
  janus?: JanusStreamMedia;
}

interface Peer {
  id: string;
  userId: string;
  rooms: Set<string>;
}

/** The reader's page's signal for a stream Janus serves: to Janus, or its camera on or off. */
function broadcasterToJanus(
  socket: AppSocket,
  { streamId, to, signal }: StreamSignal,
  relayed: RelayedStreamSignal,
  room: StreamJanusRoom,
  janus: JanusStreamMedia,
) {
  if (to === JANUS_PEER_ID) return janus.fromBroadcaster(socket.id, streamId, signal);
  if (to !== undefined) throw notFound('That viewer is not in the stream');
  // Viewers are told to watch by Janus's `ready`, once it has the camera.
  if (signal.type === 'ready') return janus.cameraOn(streamId, socket.id, room);
  if (signal.type !== 'bye') return;
  janus.cameraOff(streamId, socket.id);
  socket.to(streamRoom(streamId)).emit(SERVER_EVENTS.streamSignal, relayed);
}

/**
 * The live media relay (`stream_signal`): the only server part of the peer-to-peer media path,
 * and the seam a forwarder (SFU) would sit behind (docs/decisions/025). Rules:
 * - only a socket in the stream's room signals, and only while the stream is live;
 * - a viewer talks to the broadcaster only (the stream's reader's sockets in the room): without
 *   `to` to all of them, with `to` to one of them; a viewer never reaches another viewer;
 * - the broadcaster reaches one socket of the room with `to`, the whole room without;
 * - a `watch` beyond the cap goes to the forwarder (forwarded-viewers.ts), and when there is none
 *   or it is full too, is refused with the 'full' message, whatever the broadcaster's page says;
 * - a signal with `to` = FORWARDER_PEER_ID goes to the forwarder, from a viewer it serves or from
 *   the reader's page that publishes to it.
 * - a stream Janus serves (its row names a room) has no peer to peer and no forwarder: the reader's
 *   page publishes to Janus and every admitted viewer subscribes (janus/janus-stream-media.ts),
 *   by the same rules of who may signal; no signal goes from a viewer to the reader's page.
 * Sockets are looked up through the adapter, so this holds across processes with the Redis adapter.
 */
export function streamSignalRelay(deps: StreamSignalDeps): SocketFeature {
  const { io, lookup } = deps;
  const maxViewers = deps.maxViewers ?? LIVE_P2P_MAX_VIEWERS;
  const forwarding: ForwardedViewers | null = deps.forwarder
    ? forwardedViewers({
        io,
        forwarder: deps.forwarder.forwarder,
        maxViewers: deps.forwarder.maxViewers,
        log: deps.log,
      })
    : null;

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

  /**
   * The socket a reconnected viewer page names in its `watch` (`replaces`), if it is that person's
   * and still here: the server has not noticed yet that it went with the old connection (it waits
   * out a ping). It is closed now, so it neither holds a place nor makes this watch the one over the
   * cap. Any other id is ignored: a viewer cannot close someone else's socket.
   */
  const ownFormerSocket = async (socket: AppSocket, signal: StreamSignal['signal']): Promise<string | undefined> => {
    const replaces = signal.type === 'watch' ? readEnvelope(signal.data)?.replaces : undefined;
    if (!replaces || replaces === socket.id) return undefined;
    const [former] = (await socketsIn(replaces)).filter((s) => s.id === replaces);
    if (former?.userId !== socket.data.user.id) return undefined;
    io.in(replaces).disconnectSockets(true);
    return replaces;
  };

  /**
   * Joins the watchers (true: the broadcaster's page serves it), or goes to the forwarder (false)
   * when the others already fill the cap (self counted, so two racing watches never both pass).
   */
  const admitWatcher = async (
    socket: AppSocket,
    input: StreamSignal,
    replaced: string | undefined,
  ): Promise<boolean> => {
    const { streamId } = input;
    const watchers = streamWatchersRoom(streamId);
    await socket.join(watchers);
    // The replaced socket may be on another node, where its disconnect lands a moment later.
    const watching = (await socketsIn(watchers)).filter((s) => s.rooms.has(streamRoom(streamId)) && s.id !== replaced);
    if (watching.length <= maxViewers) {
      forwarding?.drop(streamId, socket.id);
      return true;
    }
    await socket.leave(watchers);
    if (!forwarding) throw conflict(LIVE_STREAM_FULL_MESSAGE);
    await forwarding.serve(socket.id, streamId, input.signal.data);
    return false;
  };

  const viewerToJanus = async (
    socket: AppSocket,
    { streamId, signal }: StreamSignal,
    room: StreamJanusRoom,
    janus: JanusStreamMedia,
  ) => {
    if (signal.type !== 'watch') return janus.fromViewer(socket.id, streamId, signal);
    const watchId = readEnvelope(signal.data)?.watchId;
    if (!watchId) throw badRequest('A watch needs its id');
    await ownFormerSocket(socket, signal);
    await janus.watch(socket.id, streamId, watchId, room);
  };

  const fromViewer = async (
    socket: AppSocket,
    input: StreamSignal,
    stream: StreamFacts,
    asSent: RelayedStreamSignal,
  ) => {
    let relayed = asSent;
    const { streamId, to, signal } = input;
    if (!VIEWER_SIGNALS.has(signal.type)) throw forbidden('Only the reader broadcasts in a stream');
    if (stream.janus && deps.janus) return viewerToJanus(socket, input, stream.janus, deps.janus);
    if (to === FORWARDER_PEER_ID) return forwarding?.fromViewer(socket.id, streamId, signal);
    if (signal.type === 'watch') {
      const replaced = await ownFormerSocket(socket, signal);
      if (!(await admitWatcher(socket, input, replaced))) return;
      // The broadcaster hears `replaces` only as checked here.
      const envelope = readEnvelope(signal.data);
      if (envelope)
        relayed = {
          ...relayed,
          signal: { ...signal, data: { watchId: envelope.watchId, ...(replaced && { replaces: replaced }) } },
        };
    }
    if (signal.type === 'bye') await socket.leave(streamWatchersRoom(streamId));
    if (to === undefined) return emitTo(await broadcasterSockets(streamId, stream.readerId, socket.id), relayed);
    const target = await peerInRoom(to, streamId);
    if (!target || target.userId !== stream.readerId) throw forbidden('Viewers can only signal the reader');
    emitTo(target.id, relayed);
  };

  const fromBroadcaster = async (
    socket: AppSocket,
    input: StreamSignal,
    stream: StreamFacts,
    relayed: RelayedStreamSignal,
  ) => {
    const { streamId, to, signal } = input;
    if (to === FORWARDER_PEER_ID) return forwarding?.fromBroadcaster(socket.id, streamId, signal);
    if (!BROADCASTER_SIGNALS.has(signal.type)) throw forbidden('The reader broadcasts; only viewers watch');
    if (stream.janus && deps.janus) return broadcasterToJanus(socket, input, relayed, stream.janus, deps.janus);
    const watchers = streamWatchersRoom(streamId);
    if (to === undefined) {
      if (signal.type === 'ready') forwarding?.cameraOn(streamId, socket.id);
      // The camera stopped: every viewer asks again when it announces itself (`ready`).
      if (signal.type === 'bye') {
        io.in(watchers).socketsLeave(watchers);
        forwarding?.cameraOff(streamId, socket.id);
      }
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
      forwarding?.socketGone(socket.id);
      deps.janus?.socketGone(socket.id);
      const byes: Promise<void>[] = [];
      for (const [streamId, readerId] of watching) {
        if (!socket.rooms.has(streamWatchersRoom(streamId))) continue;
        const bye: RelayedStreamSignal = { streamId, from: socket.id, fromUserId: user.id, signal: { type: 'bye' } };
        byes.push(broadcasterSockets(streamId, readerId, socket.id).then((ids) => emitTo(ids, bye)));
      }
      for (const streamId of broadcasting) {
        if (!socket.rooms.has(streamRoom(streamId))) continue;
        socket.to(streamRoom(streamId)).emit(SERVER_EVENTS.streamSignal, {
          streamId,
          from: socket.id,
          fromUserId: user.id,
          signal: { type: 'bye' },
        });
      }
      Promise.all(byes).catch((error: unknown) =>
        deps.log.error({ err: error }, 'telling a broadcaster a viewer left failed'),
      );
    });

    const handlers: ClientEventHandlers<'stream_signal'> = {
      stream_signal: async (input) => {
        const { streamId, signal } = input;
        const stream = await lookup(streamId);
        if (!stream) throw notFound('Stream not found');
        const isBroadcaster = stream.readerId === user.id;
        // A page that left the room a moment before its goodbye (the stream ended) may still say it.
        const isLateBye =
          signal.type === 'bye' &&
          (isBroadcaster
            ? Boolean(forwarding?.hasCamera(streamId, socket.id))
            : socket.rooms.has(streamWatchersRoom(streamId)) || Boolean(forwarding?.isForwarded(streamId, socket.id)));
        if (!socket.rooms.has(streamRoom(streamId)) && !isLateBye) throw forbidden('Join the stream before signalling');
        if (stream.status !== 'live' && signal.type !== 'bye') throw conflict('This stream is not live');
        const relayed: RelayedStreamSignal = { streamId, from: socket.id, fromUserId: user.id, signal };
        if (isBroadcaster) {
          if (signal.type === 'ready') broadcasting.add(streamId);
          if (signal.type === 'bye' && input.to === undefined) broadcasting.delete(streamId);
          await fromBroadcaster(socket, input, stream, relayed);
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
