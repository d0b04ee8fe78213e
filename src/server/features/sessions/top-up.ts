import { and, eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { awaySides } from '../../realtime/presence/session-presence';
import type { SessionTiming } from '../../timing';
import { getSpendableCents } from '../wallet';
import { chargeNextMinute } from './billing';
import { walletRateOf } from './booked-reading';
import type { SessionDeps } from './deps';
import { announceAwayPause } from './pause';
import type { SessionRow } from './session-view';

/**
 * Lifts a pause for funds (funds-pause.ts) whose client can now pay the next minute. The caller
 * holds the session's row lock, so a deposit's resume and a scheduler pass decide one after the
 * other, on what the first left; the minute's idempotency key would refuse a second charge anyway.
 * - Both sides in: the minute is charged now and the next falls due a minute later
 *   (`session_resumed`).
 * - A side away: the pause becomes a pause for that side (pause.ts); the minute is charged when
 *   both are back. Money is no longer what it waits for, so `resumeBy` no longer ends it.
 * - Past `resumeBy`, or still short: nothing changes (the scheduler ends it at `resumeBy`).
 * Returns true when the reading runs again.
 */
export async function liftFundsPause(
  tx: Tx,
  session: SessionRow,
  now: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean> {
  if (session.status !== 'active' || session.pauseReason !== 'insufficient_funds') return false;
  if (!session.resumeBy || session.resumeBy <= now) return false;
  const away = awaySides(session, now, timing);
  if (away.length > 0) {
    if ((await getSpendableCents(tx, session.clientId, now)) < walletRateOf(session)) return false;
    await tx
      .update(readingSessions)
      .set({ pauseReason: 'away', resumeBy: null })
      .where(eq(readingSessions.id, session.id));
    announceAwayPause(session, session.pausedAt!, away, outbox);
    return false;
  }
  // The unpaid minute starts now: the pause itself is never billed.
  const resumed = { ...session, nextMinuteAt: now, pausedAt: null, pauseReason: null, resumeBy: null };
  if (!(await chargeNextMinute(tx, resumed, now, timing, outbox))) return false;
  await tx
    .update(readingSessions)
    .set({ pausedAt: null, pauseReason: null, resumeBy: null })
    .where(eq(readingSessions.id, session.id));
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionResumed, {
    sessionId: session.id,
    resumedAt: now.toISOString(),
    nextMinuteAt: new Date(now.getTime() + timing.minuteMs).toISOString(),
  });
  return true;
}

/**
 * Called once a deposit is credited: the client's reading paused for funds resumes at once if the
 * wallet now covers the next minute. FOR UPDATE (not SKIP LOCKED, as the scheduler takes it): a
 * deposit waits for a scheduler pass that holds the row and then sees what it left (ended at
 * `resumeBy`, or already resumed), instead of skipping a resume it owes the client.
 */
export async function resumeAfterDeposit(deps: SessionDeps, clientId: string): Promise<void> {
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(readingSessions)
      .where(
        and(
          eq(readingSessions.clientId, clientId),
          eq(readingSessions.status, 'active'),
          eq(readingSessions.pauseReason, 'insufficient_funds'),
        ),
      )
      .for('update');
    if (session) await liftFundsPause(tx, session, new Date(deps.clock.now()), deps.timing, outbox);
  });
  outbox.flush(deps.realtime);
}
