import type { Server, Socket } from 'socket.io';
import { ZodError, type ZodType } from 'zod';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type Ack,
  joinSessionRoomSchema,
  leaveSessionRoomSchema,
  sessionMessageEventSchema,
  webrtcSignalSchema,
} from '@shared/realtime';
import { AppError, fromZodError } from '../../errors';
import { assertSafeInput } from '../../input-guard';
import { Outbox } from '../../realtime/outbox';
import type { SocketData } from '../../realtime/socket-server';
import { loadSessionFor, lockSessionFor, participantRole } from './access';
import type { SessionDeps } from './deps';
import { sendMessage, type MessageLimiter } from './messages';
import { markLeft, markSeen } from './presence';
import { loadSessionView, sessionRoom } from './session-view';
import { startIfReady } from './start-session';

type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
type Log = { error(obj: unknown, msg: string): void };

function toAckError(error: unknown, log: Log): Ack {
  if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
  if (error instanceof ZodError) {
    const appError = fromZodError(error);
    return { ok: false, error: { code: appError.code, message: appError.message } };
  }
  log.error({ err: error }, 'socket handler failed');
  return { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } };
}

/**
 * Wires one event: parse the payload with its shared schema, run the handler, answer the ack.
 * A payload that is not an object, or a missing ack, never throws inside Socket.IO.
 */
function on<T>(socket: AppSocket, event: string, schema: ZodType<T>, log: Log, handler: (payload: T) => Promise<object | undefined>) {
  (socket as unknown as Socket).on(event, async (payload: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (a: Ack) => void) : () => {};
    try {
      const result = await handler(schema.parse(assertSafeInput(payload)));
      reply({ ok: true, ...result });
    } catch (error) {
      reply(toAckError(error, log));
    }
  });
}

export function registerSessionSocketHandlers(io: Server, deps: SessionDeps, limiter: MessageLimiter, log: Log) {
  const server = io as unknown as Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

  /** True when another socket of the same user on this process is still in the room. */
  const userStillInRoom = (socket: AppSocket, sessionId: string) => {
    const room = server.sockets.adapter.rooms.get(sessionRoom(sessionId));
    if (!room) return false;
    for (const socketId of room) {
      const other = server.sockets.sockets.get(socketId);
      if (other && other.id !== socket.id && other.data.user.id === socket.data.user.id) return true;
    }
    return false;
  };

  // Leaves started by disconnects; shutdown waits for them so none writes or emits after close.
  const pendingLeaves = new Set<Promise<unknown>>();

  const leave = async (socket: AppSocket, sessionId: string) => {
    const role = socket.data.sessions.get(sessionId);
    if (!role) return;
    socket.data.sessions.delete(sessionId);
    await socket.leave(sessionRoom(sessionId));
    if (userStillInRoom(socket, sessionId)) return;
    await markLeft(deps.db, sessionId, role, new Date(deps.clock.now()), deps.timing);
    server.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.participantStatus as never, { sessionId, userId: socket.data.user.id, isConnected: false } as never);
  };

  server.on('connection', (socket) => {
    const user = socket.data.user;

    on(socket, CLIENT_EVENTS.joinSessionRoom, joinSessionRoomSchema, log, async ({ sessionId }) => {
      const session = await loadSessionFor(deps.db, sessionId, user);
      const role = participantRole(session, user.id)!;
      if (session.status !== 'accepted' && session.status !== 'active') {
        return { session: await loadSessionView(deps.db, sessionId) };
      }
      await socket.join(sessionRoom(sessionId));
      socket.data.sessions.set(sessionId, role);
      const outbox = new Outbox();
      await deps.db.transaction(async (tx) => {
        const now = new Date(deps.clock.now());
        await markSeen(tx, [sessionId], role, now);
        const locked = await lockSessionFor(tx, sessionId, user);
        await startIfReady(tx, locked, now, deps.timing, outbox);
      });
      outbox.flush(deps.realtime);
      socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.participantStatus as never, { sessionId, userId: user.id, isConnected: true } as never);
      return { session: await loadSessionView(deps.db, sessionId) };
    });

    on(socket, CLIENT_EVENTS.leaveSessionRoom, leaveSessionRoomSchema, log, async ({ sessionId }) => {
      await leave(socket, sessionId);
      return undefined;
    });

    on(socket, CLIENT_EVENTS.webrtcSignal, webrtcSignalSchema, log, async ({ sessionId, signal }) => {
      if (!socket.data.sessions.has(sessionId)) throw new AppError('FORBIDDEN', 'Join the session before signalling');
      socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.webrtcSignal as never, { sessionId, signal, from: user.id } as never);
      return undefined;
    });

    on(socket, CLIENT_EVENTS.sessionMessage, sessionMessageEventSchema, log, async (input) => {
      const message = await sendMessage(deps, limiter, user, input);
      return { message };
    });

    socket.on('disconnect', () => {
      for (const sessionId of [...socket.data.sessions.keys()]) {
        const leaving = leave(socket, sessionId).catch((error) => log.error({ err: error }, 'leaving a session room failed'));
        pendingLeaves.add(leaving);
        void leaving.finally(() => pendingLeaves.delete(leaving));
      }
    });
  });

  // Heartbeats from this process for every participant it holds; see presence.ts.
  const beat = async () => {
    const bySide = { client: new Set<string>(), reader: new Set<string>() };
    for (const socket of server.sockets.sockets.values()) {
      for (const [sessionId, role] of socket.data.sessions ?? []) bySide[role].add(sessionId);
    }
    const now = new Date(deps.clock.now());
    await markSeen(deps.db, [...bySide.client], 'client', now);
    await markSeen(deps.db, [...bySide.reader], 'reader', now);
  };
  const timer = setInterval(() => {
    beat().catch((error) => log.error({ err: error }, 'presence heartbeat failed'));
  }, deps.timing.heartbeatMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...pendingLeaves]);
    },
  };
}
