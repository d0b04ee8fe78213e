import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { ClientEventHandlers, Log, SocketFeature } from '../../realtime/client-events';
import { Outbox } from '../../realtime/outbox';
import { beatNode, ensureNode, hasOtherLiveNodes, newNodeId } from '../../realtime/presence/node-lease';
import { markReaderPagesClosed, markReadersSeen } from '../../realtime/presence/reader-presence';
import { markLeft, markSeen } from '../../realtime/presence/session-presence';
import { type AppServer, type AppSocket, userRoom } from '../../realtime/socket-server';
import { loadSessionFor, lockSessionFor, participantRole } from './access';
import type { SessionDeps } from './deps';
import { type MessageLimiter, sendMessage } from './messages';
import { assertRunning, pauseMeter, resumeMeterIfBothPresent } from './pause';
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

  /** This process's lease (realtime/presence/node-lease.ts): what its sockets hold is present while it beats. */
  const nodeId = newNodeId();
  // The user's room holds their sockets on this process (a socket that disconnected has left it).
  const userHasOtherSocket = (socket: AppSocket) => [...(server.sockets.adapter.rooms.get(userRoom(socket.data.user.id)) ?? [])].some((id) => id !== socket.id);

  // Presence writes started by connections and disconnects; shutdown waits for them so none
  // writes or emits after close.
  const pendingWrites = new Set<Promise<unknown>>();
  /**
   * Runs one socket's presence writes one after another: a hold marked by a join (or by a reader
   * page connecting) must never land after the disconnect that clears it, or the side would stay
   * present with no socket. Nothing runs once the socket is gone except its disconnect.
   */
  const inTurn = <T>(socket: AppSocket, write: () => Promise<T>): Promise<T> => {
    const next = socket.data.presenceWrites.then(write);
    socket.data.presenceWrites = next.catch(() => undefined);
    pendingWrites.add(next);
    void next.catch(() => undefined).finally(() => pendingWrites.delete(next));
    return next;
  };

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
        const outbox = new Outbox();
        const hasJoined = await inTurn(socket, async () => {
          if (socket.disconnected) return false;
          await renewLease();
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
        socket.to(sessionRoom(sessionId)).emit(SERVER_EVENTS.participantStatus, { sessionId, userId: user.id, isConnected: true });
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

      session_message: async (input) => ({ message: await sendMessage(deps, limiter, user, input) }),
    };

    // A reader's page: they are seen while this process holds one (realtime/presence/reader-presence.ts).
    if (user.role === 'reader') {
      inTurn(socket, async () => {
        await renewLease();
        await markReadersSeen(deps.db, [user.id], new Date(deps.clock.now()), { nodeId });
      }).catch((error) =>
        log.error({ err: error }, 'marking a reader page failed'),
      );
    }
    socket.on('disconnect', () => {
      inTurn(socket, async () => {
        for (const sessionId of [...socket.data.sessions.keys()]) await leave(socket, sessionId);
        if (user.role === 'reader' && !userHasOtherSocket(socket)) await markReaderPagesClosed(deps.db, user.id, new Date(deps.clock.now()), nodeId);
      }).catch((error) => log.error({ err: error }, 'leaving on disconnect failed'));
    });
    return handlers;
  };

  // The lease's beat: one row for every socket this process holds. When it must mark again what
  // it holds (realtime/presence/node-lease.ts), it takes only the sides and pages no process holds.
  const beat = async () => {
    const now = new Date(deps.clock.now());
    const { wasGone } = await beatNode(deps.db, nodeId, now);
    if (wasGone || (await hasOtherLiveNodes(deps.db, nodeId, now, deps.timing))) await reclaimHeld(now);
  };
  /**
   * Before a hold is written (a join, a reader page): the lease row must exist, or the hold is not
   * written at all (node-lease.ts `leaseExists`). Putting back a row that was swept while this
   * process stalled also puts back what the process holds.
   */
  const renewLease = async () => {
    const now = new Date(deps.clock.now());
    const { wasGone } = await ensureNode(deps.db, nodeId, now);
    if (wasGone) await reclaimHeld(now);
  };
  const reclaimHeld = async (now: Date) => {
    const bySide = { client: new Set<string>(), reader: new Set<string>() };
    const readers = new Set<string>();
    for (const socket of server.sockets.sockets.values()) {
      for (const [sessionId, role] of socket.data.sessions ?? []) bySide[role].add(sessionId);
      if (socket.data.user?.role === 'reader') readers.add(socket.data.user.id);
    }
    const claim = { nodeId, onlyUnheld: true };
    await markSeen(deps.db, [...bySide.client], 'client', now, claim);
    await markSeen(deps.db, [...bySide.reader], 'reader', now, claim);
    await markReadersSeen(deps.db, [...readers], now, claim);
  };
  const timer = setInterval(() => {
    beat().catch((error) => log.error({ err: error }, 'presence heartbeat failed'));
  }, deps.timing.heartbeatMs);
  return {
    feature,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...pendingWrites]);
    },
  };
}
