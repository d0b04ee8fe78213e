import { SERVER_EVENTS } from '@shared/realtime';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { markAllLeft, type ParticipantRole } from '../../realtime/presence/session-presence';
import type { SessionDeps } from './deps';
import { announceAwayPause } from './pause';
import { sessionRoom } from './session-view';

/**
 * A draining node's sides leave together, once its sockets are closed (drain.ts): what each
 * socket's leave did (away at once, the running meter paused from now, both told) in one
 * transaction of a few statements. One leave per socket, a transaction each, could not finish
 * within DRAIN_TIMEOUT_MS with ~1,000 readings on a node (the failover proof at 2,000 readings:
 * both drains exited 1 after 10.3 s). A reading whose minute falls due at this very moment is not
 * paused here: its sides are away, and the scheduler's next pass on any node charges that minute
 * (it began with both sides in) and pauses from now, as pauseMeter does.
 */
export async function leaveHeldSides(deps: SessionDeps, nodeId: string): Promise<void> {
  const now = new Date(deps.clock.now());
  const outbox = new Outbox();
  const left = await deps.db.transaction(async (tx) => {
    const sides = await markAllLeft(tx, nodeId, now, deps.timing);
    if (sides.length === 0) return sides;
    const away = new Map<string, ParticipantRole[]>();
    for (const side of sides) away.set(side.sessionId, [...(away.get(side.sessionId) ?? []), side.role]);
    const paused = await tx
      .update(readingSessions)
      .set({ pausedAt: now, pauseReason: 'away' })
      .where(
        and(
          // An array parameter, not one parameter per id: a node may hold thousands.
          sql`${readingSessions.id} = any(${sql.param([...away.keys()])}::text[])`,
          eq(readingSessions.status, 'active'),
          isNull(readingSessions.pausedAt),
          or(isNull(readingSessions.nextMinuteAt), gt(readingSessions.nextMinuteAt, now)),
        ),
      )
      .returning();
    for (const session of paused) announceAwayPause(session, now, away.get(session.id) ?? [], outbox);
    return sides;
  });
  outbox.flush(deps.realtime);
  for (const side of left)
    deps.realtime.toRoom(sessionRoom(side.sessionId), SERVER_EVENTS.participantStatus, {
      sessionId: side.sessionId,
      userId: side.userId,
      isConnected: false,
    });
}
