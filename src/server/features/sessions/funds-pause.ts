import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import type { Outbox } from '../../realtime/outbox';
import type { SessionTiming } from '../../timing';
import { chargeNextMinutes } from './billing';
import type { SessionRow } from './session-view';

/**
 * A pause to top up instead of a hang-up (docs/decisions/020): when the client cannot
 * pay the minute that falls due, the reading does not end. It pauses, unbilled, from that
 * minute's due moment for `topUpWindowMs` (two billing minutes): media and chat are held as in any
 * pause, and both sides hear `session_paused { reason: 'insufficient_funds', resumeBy }`. A
 * deposit that covers the minute resumes it (top-up.ts); otherwise the scheduler ends it at
 * `resumeBy` with reason `insufficient_funds`.
 */
export async function pauseForFunds(tx: Tx, session: SessionRow, dueAt: Date, timing: SessionTiming, outbox: Outbox) {
  const resumeBy = new Date(dueAt.getTime() + timing.topUpWindowMs);
  await tx
    .update(readingSessions)
    .set({ pausedAt: dueAt, pauseReason: 'insufficient_funds', resumeBy })
    .where(eq(readingSessions.id, session.id));
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionPaused, {
    sessionId: session.id,
    reason: 'insufficient_funds',
    pausedAt: dueAt.toISOString(),
    resumeBy: resumeBy.toISOString(),
  });
}

/**
 * Charges the minute due at `session.nextMinuteAt` (or `at`) of a running reading; when the client
 * cannot pay it, pauses for funds from that due moment instead. True when the minute was paid.
 */
export async function chargeOrPauseForFunds(
  tx: Tx,
  session: SessionRow,
  at: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean> {
  const [paid] = await chargeOrPauseForFundsMany(tx, [session], at, timing, outbox);
  return paid === true;
}

/** chargeOrPauseForFunds for several running readings, their minutes charged together (chargeNextMinutes). */
export async function chargeOrPauseForFundsMany(
  tx: Tx,
  sessions: SessionRow[],
  at: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean[]> {
  const paid = await chargeNextMinutes(tx, sessions, at, timing, outbox);
  for (const [i, session] of sessions.entries()) {
    if (!paid[i]) await pauseForFunds(tx, session, session.nextMinuteAt ?? at, timing, outbox);
  }
  return paid;
}
