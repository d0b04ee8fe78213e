import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { conflict } from '../../errors';
import type { Outbox } from '../../realtime/outbox';
import type { ParticipantRole } from './access';
import { chargeNextMinute, finishSession } from './billing';
import { isPresent } from './presence';
import type { SessionRow } from './session-view';
import type { SessionTiming } from './timing';

/**
 * The meter of an active reading runs only while both sides are in it. When a side goes away the
 * session pauses: no minute is charged, no message or WebRTC signal is relayed, and both sides
 * hear `session_paused`. When both are back it resumes (`session_resumed`): a minute that fell due
 * while a side was away is charged the moment both are back, and the next one falls due a minute
 * after that, so the time away past the due moment is never billed. A minute that was already paid
 * keeps running while a side is away: leaving cannot stretch a paid minute, so hopping out of the
 * room before each minute is due buys nothing. A side away for a whole minute still ends the
 * session (the disconnect grace, scheduler.ts).
 */

/** Messages and WebRTC signals flow only while the reading runs: active, and not paused. */
export function assertRunning(session: Pick<SessionRow, 'status' | 'pausedAt'>) {
  if (session.status !== 'active') throw conflict('This reading is not in progress', { reason: 'SESSION_NOT_ACTIVE' });
  if (session.pausedAt) throw conflict('The reading is paused until both of you are back', { reason: 'SESSION_PAUSED' });
}

export function awaySides(session: Pick<SessionRow, 'clientSeenAt' | 'readerSeenAt'>, now: Date, timing: SessionTiming): ParticipantRole[] {
  const away: ParticipantRole[] = [];
  if (!isPresent(session.clientSeenAt, now, timing)) away.push('client');
  if (!isPresent(session.readerSeenAt, now, timing)) away.push('reader');
  return away;
}

const userOf = (session: SessionRow, role: ParticipantRole) => (role === 'client' ? session.clientId : session.readerId);

/** Charges a minute that fell due while both were still in; false when it could not be paid (the session has ended). */
async function chargeIfDue(tx: Tx, session: SessionRow, at: Date, timing: SessionTiming, outbox: Outbox): Promise<boolean> {
  if (!session.nextMinuteAt || session.nextMinuteAt > at) return true;
  if (await chargeNextMinute(tx, session, at, timing, outbox)) return true;
  await finishSession(tx, session, at, outbox, { reason: 'insufficient_funds', endedBy: null });
  return false;
}

/**
 * Pauses an active, running session from `pausedAt` (the moment the side went away). A minute due
 * before that moment started with both sides in, so it is charged first. Idempotent.
 */
export async function pauseMeter(tx: Tx, session: SessionRow, pausedAt: Date, away: ParticipantRole[], timing: SessionTiming, outbox: Outbox) {
  if (session.status !== 'active' || session.pausedAt) return;
  if (!(await chargeIfDue(tx, session, pausedAt, timing, outbox))) return;
  await tx.update(readingSessions).set({ pausedAt }).where(eq(readingSessions.id, session.id));
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionPaused, {
    sessionId: session.id,
    pausedAt: pausedAt.toISOString(),
    awayUserIds: away.map((role) => userOf(session, role)),
  });
}

/** Resumes a paused session once both sides are present again; true when it runs (or already ran). */
export async function resumeMeterIfBothPresent(tx: Tx, session: SessionRow, now: Date, timing: SessionTiming, outbox: Outbox): Promise<boolean> {
  if (session.status !== 'active') return false;
  if (!session.pausedAt) return true;
  if (awaySides(session, now, timing).length > 0) return false;
  const isMinuteDue = !session.nextMinuteAt || session.nextMinuteAt <= now;
  const [resumed] = await tx
    .update(readingSessions)
    // A minute that fell due while away starts now, with both back.
    .set({ pausedAt: null, ...(isMinuteDue && { nextMinuteAt: now }) })
    .where(eq(readingSessions.id, session.id))
    .returning();
  let isRunning = true;
  if (isMinuteDue) {
    isRunning = await chargeNextMinute(tx, resumed!, now, timing, outbox);
    if (!isRunning) await finishSession(tx, resumed!, now, outbox, { reason: 'insufficient_funds', endedBy: null });
  }
  const nextMinuteAt = isMinuteDue ? new Date(now.getTime() + timing.minuteMs) : session.nextMinuteAt!;
  if (isRunning) {
    outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionResumed, {
      sessionId: session.id,
      resumedAt: now.toISOString(),
      nextMinuteAt: nextMinuteAt.toISOString(),
    });
  }
  return isRunning;
}
