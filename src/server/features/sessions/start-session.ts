import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import type { Outbox } from '../../realtime/outbox';
import { isPresent } from '../../realtime/presence/session-presence';
import type { SessionTiming } from '../../timing';
import { chargeNextMinute, finishSession } from './billing';
import type { SessionRow } from './session-view';

/**
 * Starts billing once both participants are in the session room: minute 1 is charged at once and
 * the next falls due one minute later. Returns false while a side is still missing.
 */
export async function startIfReady(
  tx: Tx,
  session: SessionRow,
  now: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean> {
  if (session.status !== 'accepted') return session.status === 'active';
  if (!isPresent(session, 'client', now, timing) || !isPresent(session, 'reader', now, timing)) return false;
  const [active] = await tx
    .update(readingSessions)
    .set({ status: 'active', startedAt: now, nextMinuteAt: now })
    .where(eq(readingSessions.id, session.id))
    .returning();
  outbox
    .toUser(session.clientId, SERVER_EVENTS.sessionStarted, { sessionId: session.id, startedAt: now.toISOString() })
    .toUser(session.readerId, SERVER_EVENTS.sessionStarted, { sessionId: session.id, startedAt: now.toISOString() })
    .toReaderWatchers(session.readerId, SERVER_EVENTS.readerBusy, { readerId: session.readerId, isBusy: true });
  const paid = await chargeNextMinute(tx, active!, now, timing, outbox);
  if (!paid) await finishSession(tx, active!, now, outbox, { reason: 'insufficient_funds', endedBy: null });
  return paid;
}
