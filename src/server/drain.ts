import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '@shared/errors';
import { SERVER_EVENTS } from '@shared/realtime';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { SOCKET_IO_PATH } from './realtime/socket-path';
import type { AppServer } from './realtime/socket-server';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Work that would outlive a stopping node (a new reading, a queue place, a stream start): refused while it drains. */
    refusedWhileDraining?: boolean;
  }
}

/**
 * A node told to stop (SIGTERM) drains before it exits (decision 055): readiness answers 503 so a load
 * balancer sends it nothing new, new readings, queue places and stream starts are refused with 503
 * SERVER_DRAINING (the web app tries them again, web/lib/api.ts), and new sockets are refused (the
 * browser keeps trying, and reaches another node or this one restarted).
 */
export interface DrainSwitch {
  isDraining(): boolean;
  begin(): void;
}

export function drainSwitch(): DrainSwitch {
  let draining = false;
  return {
    isDraining: () => draining,
    begin() {
      draining = true;
    },
  };
}

/** Long enough for another node to be chosen, or for this one to come back (it restarts in ~5 s). */
const RETRY_AFTER_SECONDS = 2;

export function refuseNewWorkWhileDraining(app: FastifyInstance, drain: DrainSwitch) {
  app.addHook('onRequest', (request, _reply, done) => {
    const isRefused = drain.isDraining() && request.routeOptions.config.refusedWhileDraining === true;
    done(
      isRefused
        ? new AppError(
            ERROR_CODES.serverDraining,
            'Soul Tribe is restarting. Please try again in a moment.',
            undefined,
            { retryAfterSeconds: RETRY_AFTER_SECONDS },
          )
        : undefined,
    );
  });
}

/**
 * While the node drains, a WebSocket upgrade (a Socket.IO connection) is answered 503 with
 * Retry-After before Engine.IO sees it: a load balancer sends a 503 to another node at once
 * (HAProxy's `retry-on 503`, deploy/haproxy.cfg), where Engine.IO's own refusal of an upgrade is a
 * 400 that reaches the browser, which waits out its reconnect delay. Called once Socket.IO is
 * attached to `server`: its upgrade listeners are wrapped.
 */
export function refuseUpgradesWhileDraining(server: HttpServer, drain: DrainSwitch) {
  const upgradeListeners = server.listeners('upgrade');
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!drain.isDraining()) {
      for (const listener of upgradeListeners) listener.call(server, request, socket, head);
      return;
    }
    // Node's HTTP server stops handling the socket's errors once it is handed over: a reset here must not crash the node.
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  });
}

/**
 * Requests a draining node waits for before closing its port: not health probes (a load balancer
 * keeps sending them to a node it has taken out), nor Socket.IO's (while draining, a new connection
 * is refused, and one refused by a closed port, or reset in its accept queue, is sent again to
 * another node by the load balancer: HAProxy's `conn-failure` and `empty-response`). Browsers
 * reconnecting straight to a node with no load balancer in front would otherwise keep it open for
 * the whole wait.
 */
const isWaitedFor = (request: IncomingMessage) =>
  !request.url?.startsWith('/api/health/') && !request.url?.startsWith(`${SOCKET_IO_PATH}/`);

/**
 * When the last request a draining node must not cut off reached it, so that it can keep its port
 * open until its load balancer has let it go: once readiness has answered 503 `fall` times in a
 * row, HAProxy sends it nothing new, and closing the port after that resets no request waiting in
 * its accept queue (each a 502 `SH--` to a client) and refuses none.
 */
export function watchArrivals(server: HttpServer, now: () => number = () => performance.now()) {
  let lastArrivalAt = now();
  server.prependListener('request', (request: IncomingMessage) => {
    if (isWaitedFor(request)) lastArrivalAt = now();
  });
  return {
    /** Resolves once no request has arrived for `quietMs`, or at `deadline` (of `now`'s clock), whichever is first. */
    async untilQuiet(quietMs: number, deadline: number): Promise<void> {
      for (;;) {
        const at = now();
        const quietForMs = at - lastArrivalAt;
        if (quietForMs >= quietMs || at >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - quietForMs, deadline - at)));
      }
    },
  };
}

/**
 * Tells every socket on this node `server_restarting` and closes its connection after that event
 * is written. Closed by the server's side of the transport rather than by a Socket.IO disconnect,
 * so the browser's Socket.IO reconnects by itself, as after any lost connection. Each socket's
 * `disconnect` handlers then run (a reading's side leaves, and its meter pauses: the pause-while-away
 * rule bills no minute while the sides are between nodes). Resolves when every socket has
 * disconnected, or after `waitMs`, when the rest are cut off.
 */
export async function closeSocketsForRestart(io: AppServer, waitMs: number): Promise<void> {
  const sockets = [...io.sockets.sockets.values()];
  const disconnected = sockets.map(
    (socket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve())),
  );
  for (const socket of sockets) {
    socket.emit(SERVER_EVENTS.serverRestarting, {});
    socket.conn.close();
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([Promise.all(disconnected), timedOut]);
  clearTimeout(timer);
  io.local.disconnectSockets(true);
}
