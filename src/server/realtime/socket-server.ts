import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import { readSessionUser, type SessionUser } from '../features/auth/require-user';
import type { StreamJanusRoom } from '../features/live/media/janus/janus-stream-media';
import type { StreamChange } from '../features/live/stream-changes';
import { isTrustedOrigin } from '../trusted-origin';
import { SOCKET_IO_PATH } from './socket-path';

export interface SocketData {
  user: SessionUser;
  /** Session rooms this socket joined, with the user's side in each. */
  sessions: Map<string, 'client' | 'reader'>;
  /** This socket's presence writes, run in turn (sessions/socket-handlers.ts). */
  presenceWrites: Promise<unknown>;
}
/** What one process of the app tells the others through the Redis adapter (`serverSideEmit`). */
export interface InterServerEvents {
  /** A stream Janus served ended on the sending process: the others let go of its Janus handles. */
  stream_media_ended: (streamId: string) => void;
  /** A stream's room moved to another Janus (the one serving it failed): the others' pages of it start again there. */
  stream_media_moved: (streamId: string, room: StreamJanusRoom) => void;
  /** A stream's chat or mutes changed on the sending process: the others' kept copies follow (live/stream-changes.ts). */
  live_stream_changed: (change: StreamChange) => void;
}
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** How fast a page that stops answering (frozen, asleep, cut off) is found out; see ../timing.ts. */
export interface Liveness {
  pingIntervalMs: number;
  pingTimeoutMs: number;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets of pages that show readers' presence (see `watch_readers`). */
export const readerWatchersRoom = 'readers:watchers';

/**
 * Socket.IO on the app's HTTP server. A socket is accepted only with a valid session cookie (the
 * prototype's self-declared `auth.userId` is not trusted) and joins its user's room at once.
 */
export function createSocketServer(
  httpServer: HttpServer,
  deps: { auth: Auth; config: Config; liveness: Liveness; isDraining: () => boolean },
) {
  const io: AppServer = new Server(httpServer, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // Socket.IO's defaults (25 s + 20 s) would bill a frozen page for most of a minute.
    pingInterval: deps.liveness.pingIntervalMs,
    pingTimeout: deps.liveness.pingTimeoutMs,
    cors: { origin: deps.config.trustedOrigins, credentials: true },
    // CORS does not bind WebSockets: a foreign page could open a signed-in socket (CSWSH). A
    // draining node (drain.ts) takes no new connection: the browser keeps trying, and reaches
    // another node or this one restarted.
    allowRequest: (request, callback) =>
      callback(null, !deps.isDraining() && isTrustedOrigin(request.headers, deps.config.trustedOrigins)),
  });
  const redisClients: Redis[] = [];
  if (deps.config.redisUrl) {
    const pub = new Redis(deps.config.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    // ioredis reconnects by itself; without a listener a dropped connection would crash the process.
    // It retries for ever, failing each time: the outage is told once, and its end.
    for (const [name, client] of [
      ['publisher', pub],
      ['subscriber', sub],
    ] as const) {
      let isDown = false;
      client.on('error', (error) => {
        if (isDown) return;
        isDown = true;
        console.error(
          `Socket.IO's Redis ${name}: ${error.message} (reconnecting; rooms are not shared with other processes meanwhile)`,
        );
      });
      client.on('ready', () => {
        if (isDown) console.info(`Socket.IO's Redis ${name}: connected again`);
        isDown = false;
      });
    }
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.redisPrefix}socket.io` }));
  }
  io.use(async (socket, next) => {
    try {
      const user = await readSessionUser(deps.auth, socket.handshake.headers);
      if (!user) return next(new Error('unauthorized'));
      socket.data.user = user;
      socket.data.sessions = new Map();
      socket.data.presenceWrites = Promise.resolve();
      next();
    } catch (error) {
      // Refused, though the page may be signed in: the browser tries again (web/lib/socket.ts).
      console.error('Socket sign-in check failed:', error instanceof Error ? error.message : error);
      next(new Error('unauthorized'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.id));
  });
  return {
    io,
    async close() {
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
