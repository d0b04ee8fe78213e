import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import { Outbox } from '../../realtime/outbox';
import { markReaderPagesClosed, markReadersSeen } from '../../realtime/presence/reader-presence';
import { markLeft, markSeen } from '../../realtime/presence/session-presence';
import { type AppServer, type AppSocket, userRoom } from '../../realtime/socket-server';
import { loadSessionFor, lockSessionFor, participantRole } from './access';
import type { SessionDeps } from './deps';
import { type MessageLimiter, sendMessage } from './messages';
import { assertRunning, pauseMeter, resumeMeterIfBothPresent } from './pause';
import { presenceWrites } from './presence-writes';
import { processLease } from './process-lease';
import { leaveHeldSides } from './leave-held-sides';
import { loadSessionView, sessionRoom } from './session-view';
import { startIfReady } from './start-session';

type SessionHandlers = ClientEventHandlers<
  'join_session_room' | 'leave_session_room' | 'webrtc_signal' | 'session_message'
>;

async function assertSessionRunning(db: DbOrTx, sessionId: string) {
  const [session] = await db
    .select({
      status: readingSessions.status,
      pausedAt: readingSessions.pausedAt,
      pauseReason: readingSessions.pauseReason,
    })
    .from(readingSessions)
    .where(eq(readingSessions.id, sessionId));
  if (!session) throw notFound('Session not found');
  assertRunning(session);
}

export function registerSessionSocketHandlers(
  server: AppServer,
  deps: SessionDeps,
  limiter: MessageLimiter,
  log: Log,
  isDraining: () => boolean,
) {
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

  const lease = processLease(server, deps, log);
  const { nodeId } = lease;
  // The user's room holds their sockets on this process (a socket that disconnected has left it).
  const userHasOtherSocket = (socket: AppSocket) =>
    [...(server.sockets.adapter.rooms.get(userRoom(socket.data.user.id)) ?? [])].some((id) => id !== socket.id);

  const writes = presenceWrites();
  const inTurn = writes.inTurn;

  /** A side leaves the room: it is away at once, and a running meter pauses for both. */
  const leave = async (socket: AppSocket, sessionId: string) => {
    const role = socket.data.sessions.get(sessionId);
    if (!role) return;
    socket.data.sessions.delete(sessionId);
    await socket.leave(sessionRoom(sessionId));
    if (userStillInRoom(socket, sessionId)) return;
    const outbox = new Outbox();
    const isAway = await deps.db.transaction(async (tx) => {
      const now = new Date(deps.clock.now());
      // Another process holds this side (a tab that joined there later): it has not left.
      if (!(await markLeft(tx, sessionId, role, now, deps.timing, nodeId))) return false;
      const [session] = await tx.select().from(readingSessions).where(eq(readingSessions.id, sessionId)).for('update');
      if (session) await pauseMeter(tx, session, now, [role], deps.timing, outbox);
      return true;
    });
    if (!isAway) return;
    outbox.flush(deps.realtime);
    deps.realtime.toRoom(sessionRoom(sessionId), SERVER_EVENTS.participantStatus, {
      sessionId,
      userId: socket.data.user.id,
      isConnected: false,
    });
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
        const outbox = new Outbox();
        const hasJoined = await inTurn(socket, async () => {
          if (socket.disconnected) return false;
          await lease.renew();
          await socket.join(sessionRoom(sessionId));
          socket.data.sessions.set(sessionId, role);
          await deps.db.transaction(async (tx) => {
            const now = new Date(deps.clock.now());
            await markSeen(tx, [sessionId], role, now, { nodeId });
            const locked = await lockSessionFor(tx, sessionId, user);
            if (locked.status === 'accepted') await startIfReady(tx, locked, now, deps.timing, outbox);
            else await resumeMeterIfBothPresent(tx, locked, now, deps.timing, outbox);
          });
          return true;
        });
        if (!hasJoined) throw conflict('The connection closed before the room was joined');
        outbox.flush(deps.realtime);
        socket
          .to(sessionRoom(sessionId))
          .emit(SERVER_EVENTS.participantStatus, { sessionId, userId: user.id, isConnected: true });
        return { session: (await loadSessionView(deps.db, sessionId))! };
      },

      leave_session_room: async ({ sessionId }) => {
        await inTurn(socket, () => leave(socket, sessionId));
        return {};
      },

      webrtc_signal: async ({ sessionId, signal }) => {
        if (!socket.data.sessions.has(sessionId)) throw forbidden('Join the session before signalling');
        await assertSessionRunning(deps.db, sessionId);
        socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.webrtcSignal, { sessionId, signal, from: user.id });
        return {};
      },

      session_message: async (input) => sendMessage(deps, limiter, user, input),
    };

    // A reader's page: they are seen while this process holds one (realtime/presence/reader-presence.ts).
    if (user.role === 'reader') {
      inTurn(socket, async () => {
        await lease.renew();
        await markReadersSeen(deps.db, [user.id], new Date(deps.clock.now()), { nodeId });
      }).catch((error) => log.error({ err: error }, 'marking a reader page failed'));
    }
    socket.on('disconnect', () => {
      // A draining node's sockets all close at once: their sides leave together (releaseLease).
      if (isDraining()) return;
      inTurn(socket, async () => {
        for (const sessionId of [...socket.data.sessions.keys()]) await leave(socket, sessionId);
        if (user.role === 'reader' && !userHasOtherSocket(socket))
          await markReaderPagesClosed(deps.db, user.id, new Date(deps.clock.now()), nodeId);
      }).catch((error) => log.error({ err: error }, 'leaving on disconnect failed'));
    });
    return handlers;
  };

  /** No more beats, and every presence write under way finished. */
  const stop = async () => {
    lease.stop();
    await writes.settled();
  };

  return {
    feature,
    /** This process's presence lease: the demo reader holds its sides through it, as a page would. */
    lease,
    stop,
    /** For a drain (drain.ts), once every socket has gone: every side it held leaves at once, then the lease is given up. */
    async releaseLease() {
      await stop();
      await leaveHeldSides(deps, nodeId);
      await lease.release();
    },
  };
}
