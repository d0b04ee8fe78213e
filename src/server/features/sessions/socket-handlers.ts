import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import { Outbox } from '../../realtime/outbox';
import type { AppServer, AppSocket } from '../../realtime/socket-server';
import { markReadersSeen } from '../readers/reader-presence';
import { loadSessionFor, lockSessionFor, participantRole } from './access';
import type { SessionDeps } from './deps';
import { type MessageLimiter, sendMessage } from './messages';
import { assertRunning, pauseMeter, resumeMeterIfBothPresent } from './pause';
import { markLeft, markSeen } from './presence';
import { loadSessionView, sessionRoom } from './session-view';
import { startIfReady } from './start-session';

type SessionHandlers = ClientEventHandlers<'join_session_room' | 'leave_session_room' | 'webrtc_signal' | 'session_message'>;

async function assertSessionRunning(db: DbOrTx, sessionId: string) {
  const [session] = await db
    .select({ status: readingSessions.status, pausedAt: readingSessions.pausedAt, pauseReason: readingSessions.pauseReason })
    .from(readingSessions)
    .where(eq(readingSessions.id, sessionId));
  if (!session) throw notFound('Session not found');
  assertRunning(session);
}

export function registerSessionSocketHandlers(server: AppServer, deps: SessionDeps, limiter: MessageLimiter, log: Log) {
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

  /** A side leaves the room: it is away at once, and a running meter pauses for both. */
  const leave = async (socket: AppSocket, sessionId: string) => {
    const role = socket.data.sessions.get(sessionId);
    if (!role) return;
    socket.data.sessions.delete(sessionId);
    await socket.leave(sessionRoom(sessionId));
    if (userStillInRoom(socket, sessionId)) return;
    const outbox = new Outbox();
    await deps.db.transaction(async (tx) => {
      const now = new Date(deps.clock.now());
      await markLeft(tx, sessionId, role, now, deps.timing);
      const [session] = await tx.select().from(readingSessions).where(eq(readingSessions.id, sessionId)).for('update');
      if (session) await pauseMeter(tx, session, now, [role], deps.timing, outbox);
    });
    outbox.flush(deps.realtime);
    deps.realtime.toRoom(sessionRoom(sessionId), SERVER_EVENTS.participantStatus, { sessionId, userId: socket.data.user.id, isConnected: false });
  };

  const feature: SocketFeature = (socket) => {
    const user = socket.data.user;

    const handlers: SessionHandlers = {
      join_session_room: async ({ sessionId }) => {
        const session = await loadSessionFor(deps.db, sessionId, user);
        const role = participantRole(session, user.id)!;
        if (session.status !== 'accepted' && session.status !== 'active') {
          return { session: (await loadSessionView(deps.db, sessionId))! };
        }
        await socket.join(sessionRoom(sessionId));
        socket.data.sessions.set(sessionId, role);
        const outbox = new Outbox();
        await deps.db.transaction(async (tx) => {
          const now = new Date(deps.clock.now());
          await markSeen(tx, [sessionId], role, now);
          const locked = await lockSessionFor(tx, sessionId, user);
          if (locked.status === 'accepted') await startIfReady(tx, locked, now, deps.timing, outbox);
          else await resumeMeterIfBothPresent(tx, locked, now, deps.timing, outbox);
        });
        outbox.flush(deps.realtime);
        socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.participantStatus, { sessionId, userId: user.id, isConnected: true });
        return { session: (await loadSessionView(deps.db, sessionId))! };
      },

      leave_session_room: async ({ sessionId }) => {
        await leave(socket, sessionId);
        return {};
      },

      webrtc_signal: async ({ sessionId, signal }) => {
        if (!socket.data.sessions.has(sessionId)) throw forbidden('Join the session before signalling');
        await assertSessionRunning(deps.db, sessionId);
        socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.webrtcSignal, { sessionId, signal, from: user.id });
        return {};
      },

      session_message: async (input) => ({ message: await sendMessage(deps, limiter, user, input) }),
    };

    socket.on('disconnect', () => {
      for (const sessionId of [...socket.data.sessions.keys()]) {
        const leaving = leave(socket, sessionId).catch((error) => log.error({ err: error }, 'leaving a session room failed'));
        pendingLeaves.add(leaving);
        void leaving.finally(() => pendingLeaves.delete(leaving));
      }
    });
    return handlers;
  };

  // Heartbeats from this process for every participant and every reader page it holds; see
  // presence.ts and readers/reader-presence.ts.
  const beat = async () => {
    const bySide = { client: new Set<string>(), reader: new Set<string>() };
    const readers = new Set<string>();
    for (const socket of server.sockets.sockets.values()) {
      for (const [sessionId, role] of socket.data.sessions ?? []) bySide[role].add(sessionId);
      if (socket.data.user?.role === 'reader') readers.add(socket.data.user.id);
    }
    const now = new Date(deps.clock.now());
    await markSeen(deps.db, [...bySide.client], 'client', now);
    await markSeen(deps.db, [...bySide.reader], 'reader', now);
    await markReadersSeen(deps.db, [...readers], now);
  };
  const timer = setInterval(() => {
    beat().catch((error) => log.error({ err: error }, 'presence heartbeat failed'));
  }, deps.timing.heartbeatMs);
  return {
    feature,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...pendingLeaves]);
    },
  };
}
