import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { conflict } from '../../errors';
import type { Outbox } from '../../realtime/outbox';
import { awaySides, type ParticipantRole } from '../../realtime/presence/session-presence';
import type { SessionTiming } from '../../timing';
import { chargeOrPauseForFunds } from './funds-pause';
import type { SessionRow } from './session-view';

/**
 * The meter of an active reading runs only while both sides are in it. When a side goes away the
 * session pauses: no minute is charged, no message or WebRTC signal is relayed, and both sides
 * hear `session_paused`. When both are back it resumes (`session_resumed`): a minute that fell due
 * while a side was away is charged the moment both are back, and the next one falls due a minute
 * after that, so the time away past the due moment is never billed. A minute that was already paid
 * keeps running while a side is away: leaving cannot stretch a paid minute, so hopping out of the
 * room before each minute is due buys nothing. A side away for a whole minute still ends the
 * session (the disconnect grace, scheduler.ts). A pause for funds (funds-pause.ts) is the other
 * kind of pause: both sides being present does not lift it, only money does.
 */

const PAUSED_MESSAGES = {
  away: 'The reading is paused until both of you are back',
  insufficient_funds: 'The reading is paused until the client adds funds',
} as const;

/** Messages and WebRTC signals flow only while the reading runs: active, and not paused. */
export function assertRunning(session: Pick<SessionRow, 'status' | 'pausedAt' | 'pauseReason'>) {
  if (session.status !== 'active') throw conflict('This reading is not in progress', { reason: 'SESSION_NOT_ACTIVE' });
  if (session.pausedAt) {
    const message =
      session.pauseReason === 'insufficient_funds' ? PAUSED_MESSAGES.insufficient_funds : PAUSED_MESSAGES.away;
    throw conflict(message, { reason: 'SESSION_PAUSED' });
  }
}

const userOf = (session: SessionRow, role: ParticipantRole) =>
  role === 'client' ? session.clientId : session.readerId;

/** Both sides hear that the reading waits for `away` to come back. */
export function announceAwayPause(session: SessionRow, pausedAt: Date, away: ParticipantRole[], outbox: Outbox) {
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionPaused, {
    sessionId: session.id,
    reason: 'away',
    pausedAt: pausedAt.toISOString(),
    awayUserIds: away.map((role) => userOf(session, role)),
  });
}

/**
 * Pauses an active, running session from `pausedAt` (the moment the side went away). A minute due
 * before that moment started with both sides in, so it is charged first; if it cannot be paid,
 * the reading pauses for funds instead, from that minute's due moment. Idempotent.
 */
export async function pauseMeter(
  tx: Tx,
  session: SessionRow,
  pausedAt: Date,
  away: ParticipantRole[],
  timing: SessionTiming,
  outbox: Outbox,
) {
  if (session.status !== 'active' || session.pausedAt) return;
  const isMinuteDue = session.nextMinuteAt !== null && session.nextMinuteAt <= pausedAt;
  if (isMinuteDue && !(await chargeOrPauseForFunds(tx, session, pausedAt, timing, outbox))) return;
  await tx.update(readingSessions).set({ pausedAt, pauseReason: 'away' }).where(eq(readingSessions.id, session.id));
  announceAwayPause(session, pausedAt, away, outbox);
}

/**
 * Resumes a session paused for an away side once both sides are present again; true when it runs
 * (or already ran). A minute that fell due during the pause is charged now; if the client cannot
 * pay it, the reading pauses for funds from now instead.
 */
export async function resumeMeterIfBothPresent(
  tx: Tx,
  session: SessionRow,
  now: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean> {
  if (session.status !== 'active') return false;
  if (!session.pausedAt) return true;
  if (session.pauseReason === 'insufficient_funds') return false;
  if (awaySides(session, now, timing).length > 0) return false;
  const isMinuteDue = !session.nextMinuteAt || session.nextMinuteAt <= now;
  const [resumed] = await tx
    .update(readingSessions)
    // A minute that fell due while away starts now, with both back.
    .set({ pausedAt: null, pauseReason: null, ...(isMinuteDue && { nextMinuteAt: now }) })
    .where(eq(readingSessions.id, session.id))
    .returning();
  if (isMinuteDue && !(await chargeOrPauseForFunds(tx, resumed!, now, timing, outbox))) return false;
  const nextMinuteAt = isMinuteDue ? new Date(now.getTime() + timing.minuteMs) : session.nextMinuteAt!;
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionResumed, {
    sessionId: session.id,
    resumedAt: now.toISOString(),
    nextMinuteAt: nextMinuteAt.toISOString(),
  });
  return true;
}
