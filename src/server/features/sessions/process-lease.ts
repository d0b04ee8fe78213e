import type { Log } from '../../realtime/client-events';
import {
  beatNode,
  ensureNode,
  hasOtherLiveNodes,
  newNodeId,
  releaseNodeLease,
} from '../../realtime/presence/node-lease';
import { markReadersSeen } from '../../realtime/presence/reader-presence';
import { markSeen } from '../../realtime/presence/session-presence';
import type { AppServer } from '../../realtime/socket-server';
import type { SessionDeps } from './deps';

export interface ProcessLease {
  /** Written beside every hold this process marks (a reading side, a reader page). */
  nodeId: string;
  /** Before a hold is written: the lease row must exist, or the hold is not written at all. */
  renew(): Promise<void>;
  stop(): void;
  /** Stops beating and gives the lease up: what this process still holds is last seen now. */
  release(): Promise<void>;
}

/**
 * This process's lease (realtime/presence/node-lease.ts): what its sockets hold is present while it
 * beats. Each beat is one row for every socket; when the lease must mark again what it holds (its
 * row was swept while the process stalled, or another process is alive), it takes only the sides
 * and pages no process holds.
 */
export function processLease(server: AppServer, deps: SessionDeps, log: Log): ProcessLease {
  const nodeId = newNodeId();

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

  /**
   * When this process last wrote its row's `seen_at` (a beat, or a row put back). Another process
   * sweeps the row only once that is a presence TTL old, so within two heartbeats of it the row is
   * there and `renew` need not ask: in a reconnect storm that was one statement per joining socket
   * (10,334 of a 1,000-reading failover run's statements). Were the row swept anyway (clocks apart),
   * the hold write's own check (`leaseExists`) writes nothing and the next beat, finding the row
   * gone, marks again everything this process holds.
   */
  let wroteSeenAt = Number.NEGATIVE_INFINITY;
  const isFresh = (now: number) => now - wroteSeenAt < deps.timing.presenceTtlMs - deps.timing.heartbeatMs;

  const beat = async () => {
    const now = new Date(deps.clock.now());
    const { wasGone } = await beatNode(deps.db, nodeId, now);
    wroteSeenAt = now.getTime();
    if (wasGone || (await hasOtherLiveNodes(deps.db, nodeId, now, deps.timing))) await reclaimHeld(now);
  };

  const timer = setInterval(() => {
    beat().catch((error) => log.error({ err: error }, 'presence heartbeat failed'));
  }, deps.timing.heartbeatMs);

  return {
    nodeId,
    // Putting back a row that was swept while this process stalled also puts back what it holds
    // (node-lease.ts `leaseExists`).
    async renew() {
      const now = new Date(deps.clock.now());
      if (isFresh(now.getTime())) return;
      const { wasGone } = await ensureNode(deps.db, nodeId, now);
      if (!wasGone) return;
      wroteSeenAt = now.getTime();
      await reclaimHeld(now);
    },
    stop() {
      clearInterval(timer);
    },
    async release() {
      clearInterval(timer);
      wroteSeenAt = Number.NEGATIVE_INFINITY;
      await releaseNodeLease(deps.db, nodeId, new Date(deps.clock.now()));
    },
  };
}
