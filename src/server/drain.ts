import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@shared/errors';
import { SERVER_EVENTS } from '@shared/realtime';
import { AppError } from './errors';
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
