import { type AnyColumn, and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Tx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { runQueueWork } from '../queue/offer-queue';
import { turnAbsentReadersOffline } from '../readers/reader-presence';
import { chargeNextMinute, finishSession } from './billing';
import type { SessionDeps } from './deps';
import { awaySides, pauseMeter, resumeMeterIfBothPresent } from './pause';
import { absentSince } from './presence';
import type { SessionRow } from './session-view';

const BATCH = 100;

/**
 * One pass over everything that is due at `now`: unanswered requests become missed, accepted
 * sessions nobody joined are given up, active sessions get their due minute charged, pause while a
 * side is away and resume when both are back (pause.ts), and end after the disconnect grace; online
 * readers with no page left go offline. Each session is handled in its own
 * transaction under a row lock taken with SKIP LOCKED, so several processes share the work and
 * never handle one session twice; all state is in the rows, so a restarted process carries on.
 */
export async function runDueWork(deps: SessionDeps): Promise<number> {
  const now = new Date(deps.clock.now());
  const { timing } = deps;
  const absentBefore = new Date(now.getTime() - timing.presenceTtlMs - timing.disconnectGraceMs);
  const awayBefore = new Date(now.getTime() - timing.presenceTtlMs);
  const isAway = (seenAt: AnyColumn) => or(isNull(seenAt), lte(seenAt, awayBefore));
  const due = or(
    and(eq(readingSessions.status, 'requested'), lte(readingSessions.expiresAt, now)),
    and(eq(readingSessions.status, 'accepted'), lte(readingSessions.respondedAt, new Date(now.getTime() - timing.joinTimeoutMs))),
    and(
      eq(readingSessions.status, 'active'),
      or(
        // Running: a minute is due, or a side stopped beating (a crashed process, a lost network).
        and(isNull(readingSessions.pausedAt), or(lte(readingSessions.nextMinuteAt, now), isAway(readingSessions.clientSeenAt), isAway(readingSessions.readerSeenAt))),
        // Paused: both sides beat again, or a side has been away for the whole grace.
        and(isNotNull(readingSessions.pausedAt), gt(readingSessions.clientSeenAt, awayBefore), gt(readingSessions.readerSeenAt, awayBefore)),
        lte(readingSessions.clientSeenAt, absentBefore),
        lte(readingSessions.readerSeenAt, absentBefore),
      ),
    ),
  );
  const candidates = await deps.db
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(due)
    .orderBy(sql`coalesce(${readingSessions.nextMinuteAt}, ${readingSessions.expiresAt})`)
    .limit(BATCH);
  // PGlite runs one transaction at a time anyway; PostgreSQL handles several sessions at once.
  const workers = deps.concurrency ?? 1;
  let handled = 0;
  let next = 0;
  const work = async () => {
    while (next < candidates.length) {
      const { id } = candidates[next++]!;
      const outbox = new Outbox();
      const done = await deps.db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(readingSessions)
          .where(and(eq(readingSessions.id, id), due))
          .for('update', { skipLocked: true });
        if (!session) return false;
        await handleDueSession(tx, session, now, deps, outbox);
        return true;
      });
      if (done) {
        handled++;
        outbox.flush(deps.realtime);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, candidates.length) }, work));
  handled += await turnAbsentReadersOffline(deps);
  handled += await runQueueWork(deps);
  return handled;
}

async function handleDueSession(tx: Tx, session: SessionRow, now: Date, deps: SessionDeps, outbox: Outbox) {
  const { timing } = deps;
  if (session.status === 'requested') {
    await tx.update(readingSessions).set({ status: 'missed', endedAt: now, endReason: 'missed' }).where(eq(readingSessions.id, session.id));
    outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionResponse, { sessionId: session.id, response: 'missed', status: 'missed' });
    return;
  }
  if (session.status === 'accepted') {
    await finishSession(tx, session, now, outbox, { reason: 'not_joined', endedBy: null });
    return;
  }
  const graceEnds = (seenAt: Date | null) => {
    const since = absentSince(seenAt, now, timing);
    return since !== null && since.getTime() + timing.disconnectGraceMs <= now.getTime();
  };
  if (graceEnds(session.clientSeenAt) || graceEnds(session.readerSeenAt)) {
    await finishSession(tx, session, now, outbox, { reason: 'disconnected', endedBy: null });
    return;
  }
  if (session.pausedAt) {
    await resumeMeterIfBothPresent(tx, session, now, timing, outbox);
    return;
  }
  const away = awaySides(session, now, timing);
  if (away.length > 0) {
    // Paused from when the side went away (its last beat), not from when this pass noticed.
    const since = away.map((role) => absentSince(role === 'client' ? session.clientSeenAt : session.readerSeenAt, now, timing)?.getTime() ?? now.getTime());
    await pauseMeter(tx, session, new Date(Math.min(now.getTime(), ...since)), away, timing, outbox);
    return;
  }
  if (!session.nextMinuteAt || session.nextMinuteAt > now) return;
  const paid = await chargeNextMinute(tx, session, now, timing, outbox);
  // The last paid minute is over: end exactly at its end, with the reason the client understands.
  if (!paid) await finishSession(tx, session, now, outbox, { reason: 'insufficient_funds', endedBy: null });
}

/** Runs runDueWork every tick until stopped; a failing pass is logged and the next one retries. */
export function startScheduler(deps: SessionDeps, log: { error(obj: unknown, msg: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = runDueWork(deps)
      .catch((error) => log.error({ err: error }, 'session scheduler pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, deps.timing.tickMs);
      });
  };
  timer = setTimeout(loop, deps.timing.tickMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
