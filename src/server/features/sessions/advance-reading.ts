import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { OPEN_SESSION_STATUSES, type ReadingSession } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import { conflict } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import { isPresent } from '../../realtime/presence/session-presence';
import type { SessionUser } from '../auth';
import { lockSessionFor } from './access';
import type { SessionDeps } from './deps';
import { loadSessionView } from './session-view';

/**
 * Moves one reading `minutes` billing minutes on, for the end-to-end suite (docs/decisions/052):
 * every moment of its timeline (asked, answered, started, the next minute due, a pause and its
 * top-up deadline, the Extend presses) becomes that much earlier, so the scheduler's next pass
 * does what it would have done had the minutes passed: charge the due minute, end a top-up window,
 * miss an unanswered request. A side that is here stays here (it would have kept beating); a side
 * that is away has been away that much longer. Only this reading moves: the server's clock and
 * every other reading, in the other browser tests running beside it, stay on real time.
 */
export async function advanceReading(
  deps: SessionDeps,
  user: SessionUser,
  sessionId: string,
  minutes: number,
): Promise<ReadingSession> {
  const shiftMs = minutes * deps.timing.minuteMs;
  const before = (moment: Date) => new Date(moment.getTime() - shiftMs);
  const earlier = (moment: Date | null) => (moment === null ? null : before(moment));
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, sessionId, user);
    if (!OPEN_SESSION_STATUSES.includes(session.status)) throw conflict(`This session is ${session.status}`);
    const now = new Date(deps.clock.now());
    const awayLonger = (role: 'client' | 'reader', seenAt: Date | null) =>
      isPresent(session, role, now, deps.timing) ? seenAt : earlier(seenAt);
    const [moved] = await tx
      .update(readingSessions)
      .set({
        requestedAt: before(session.requestedAt),
        expiresAt: earlier(session.expiresAt),
        respondedAt: earlier(session.respondedAt),
        startedAt: earlier(session.startedAt),
        nextMinuteAt: earlier(session.nextMinuteAt),
        pausedAt: earlier(session.pausedAt),
        resumeBy: earlier(session.resumeBy),
        clientExtendedAt: earlier(session.clientExtendedAt),
        readerExtendedAt: earlier(session.readerExtendedAt),
        clientSeenAt: awayLonger('client', session.clientSeenAt),
        readerSeenAt: awayLonger('reader', session.readerSeenAt),
      })
      .where(eq(readingSessions.id, sessionId))
      .returning({ startedAt: readingSessions.startedAt });
    // Both pages count the reading's time (and the refund offer) from its start: they hear the new one.
    if (session.status === 'active' && moved?.startedAt) {
      outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionStarted, {
        sessionId,
        startedAt: moved.startedAt.toISOString(),
      });
    }
  });
  outbox.flush(deps.realtime);
  return (await loadSessionView(deps.db, sessionId))!;
}
