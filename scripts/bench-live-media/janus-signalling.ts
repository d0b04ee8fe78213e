/**
 * The signalling of BENCH_MODE=janus's Chromium pages, done as the app's server does it (decision
 * 061): a Socket.IO server on loopback runs the app's own relay (stream-signal-relay.ts) and Janus
 * media (janus/janus-stream-media.ts) for one live stream whose room is on a Janus the bench starts.
 * Each page's peer (the broadcaster, each viewer) gets a socket of its own, as each person's page
 * has, held here and bridged to its page by the bench (viewers share pages, 4 to a page): the app's
 * Broadcaster hears a `watch` from Janus and publishes to it, and each Watcher's `watch` becomes a
 * Janus subscription, with no line of the pages' code knowing Janus is there. The stream's facts
 * come from a constant instead of the database, and a socket's user from its handshake instead of a
 * session cookie.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { streamRoom } from '../../src/server/features/live/deps';
import { createStreamRoom, newStreamRoom } from '../../src/server/features/live/media/janus/create-stream-room';
import type { JanusConnection } from '../../src/server/features/live/media/janus/janus-api';
import { janusStreamMedia, type StreamJanusRoom } from '../../src/server/features/live/media/janus/janus-stream-media';
import type { StreamFacts } from '../../src/server/features/live/media/stream-lookup';
import { streamSignalRelay } from '../../src/server/features/live/media/stream-signal-relay';
import { type Log, routeClientEvents } from '../../src/server/realtime/client-events';
import type { AppServer } from '../../src/server/realtime/socket-server';
import { relayedStreamSignalSchema } from '../../src/shared/realtime';
import { CLIENT_EVENTS, SERVER_EVENTS } from '../../src/shared/realtime-events';
import { startBenchJanus } from './bench-janus';
import { BENCH_STREAM_ID, BROADCASTER_PEER, type Signalling } from './signalling';

const handshakeSchema = z.object({ peerId: z.string() });
const ackSchema = z.object({ ok: z.boolean(), error: z.object({ message: z.string() }).optional() });

/** Each socket is the person its handshake names: the broadcaster's is the stream's reader, each viewer someone else. */
function signInFromHandshake(io: AppServer) {
  io.use((socket, next) => {
    const handshake = handshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) return next(new Error('a bench socket names its peer'));
    const { peerId } = handshake.data;
    socket.data.user = {
      id: peerId,
      email: `${peerId}@bench.invalid`,
      name: peerId,
      role: peerId === BROADCASTER_PEER ? 'reader' : 'client',
      isTwoFactorEnabled: false,
      isAdminLocked: false,
    };
    socket.data.sessions = new Map();
    socket.data.presenceWrites = Promise.resolve();
    next();
  });
  // The app's pages join the stream's room (join_stream) before they signal.
  io.on('connection', (socket) => void socket.join(streamRoom(BENCH_STREAM_ID)));
}

/** The app's relay and Janus media for the bench's stream, on a Socket.IO server listening on loopback. */
async function relayServer(room: StreamJanusRoom, connection: JanusConnection, log: Log) {
  const http = createServer();
  const io: AppServer = new Server(http, { serveClient: false });
  signInFromHandshake(io);
  const facts: StreamFacts = { readerId: BROADCASTER_PEER, status: 'live', janus: room };
  // The app reads these from the stream's row; the bench's stream never changes.
  const lookup = Object.assign(async (streamId: string) => (streamId === BENCH_STREAM_ID ? facts : null), {
    forget: () => undefined,
  });
  const janus = janusStreamMedia({ io, connections: [connection], log, forgetStream: lookup.forget });
  routeClientEvents(io, [streamSignalRelay({ io, lookup, log, janus })], log);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('the relay is not on a TCP port');
  return { io, url: `http://127.0.0.1:${address.port}` };
}

/** A page's socket, signed in as `peerId`, connected. */
async function connectPeer(url: string, peerId: string): Promise<Socket> {
  const socket = connectSocket(url, {
    transports: ['websocket'],
    auth: { peerId },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Starts Janus with the bench stream's room, and the app's relay in front of it. */
export async function janusSignalling(): Promise<Signalling> {
  const janus = await startBenchJanus();
  const room: StreamJanusRoom = { ...newStreamRoom(), url: janus.url };
  await createStreamRoom(janus, BENCH_STREAM_ID, room);
  let isClosing = false;
  const log: Log = {
    error(details, what) {
      // Stopping Janus ends the stream's kept session, which the media reports as lost.
      if (!isClosing) console.error(`relay: ${what}`, details);
    },
  };
  const server = await relayServer(room, janus, log);
  const sockets = new Map<string, Socket>();
  return {
    serverPid: janus.pid,
    async join(peerId, hear) {
      const socket = await connectPeer(server.url, peerId);
      socket.on(SERVER_EVENTS.streamSignal, (payload: unknown) => hear(relayedStreamSignalSchema.parse(payload)));
      sockets.set(peerId, socket);
    },
    async send(from, { to, type, data }) {
      const socket = sockets.get(from);
      if (!socket) throw new Error(`${from} sent a signal before it joined`);
      const ack = ackSchema.parse(
        await socket.emitWithAck(CLIENT_EVENTS.streamSignal, { streamId: BENCH_STREAM_ID, to, signal: { type, data } }),
      );
      // A page hears a refusal as its ack; the bench says it, as the page would show it.
      if (!ack.ok) console.warn(`the relay refused ${from}'s ${type}: ${ack.error?.message}`);
    },
    async close() {
      isClosing = true;
      for (const socket of sockets.values()) socket.disconnect();
      await server.io.close();
      await janus.stop();
    },
  };
}
