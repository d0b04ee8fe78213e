import { SERVER_EVENTS } from '@shared/realtime';
import { isExtended } from '@shared/sessions';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, min, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { creditGrants, ledgerAccounts, needsSchedulerAttention, readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { sweepDeadNodes } from '../../realtime/presence/node-lease';
import { turnAbsentReadersOffline } from '../../realtime/presence/reader-presence';
import {
  absentSince,
  awaySides,
  type ParticipantRole,
  presenceColumns,
} from '../../realtime/presence/session-presence';
import type { SessionTiming } from '../../timing';
import { runAppointmentWork } from '../appointments';
import { endStreamsOfAbsentReaders } from '../live';
import { runQueueWork } from '../queue';
import { sweepExpiredCredit, walletAccountId } from '../wallet';
import { refundOverdueWrittenReadings } from '../written-readings';
import { finishSession } from './billing';
import type { SessionDeps } from './deps';
import { chargeOrPauseForFundsMany } from './funds-pause';
import { pauseMeter, resumeMeterIfBothPresent } from './pause';
import type { SessionRow } from './session-view';
import { startIfReady } from './start-session';
import { liftFundsPause } from './top-up';

const BATCH = 100;
const SESSIONS_PER_TRANSACTION = 25;

/**
 * One pass over everything that is due at `now`: unanswered requests become missed, accepted
 * sessions nobody joined are given up, active sessions get their due minute charged, pause while a
 * side is away and resume when both are back (pause.ts), pause when the client cannot pay and end
 * when the top-up window closes (funds-pause.ts), and end after the disconnect grace; online
 * readers with no page left go offline, and live streams whose reader has none end
 * (live/end-absent-streams.ts), written questions not answered in time are refunded
 * (written-readings/refund-overdue.ts), and appointments are declined, reminded or missed by
 * their rules (appointments/due-work.ts). Each session is handled in a transaction (its own, or its
 * chunk's on PGlite) under a row lock taken with SKIP LOCKED, so several processes share the work and
 * never handle one session twice; all state is in the rows, so a restarted process carries on.
 */
export interface PassResult {
  handled: number;
  /** The pass took a full batch: more may be due now. */
  isBacklogged: boolean;
  /** The earliest minute due among running readings (any process's), for the next wake-up. */
  nextMinuteAt: Date | null;
}

/**
 * `all` is the full pass described above; `readings` is the same without the sweeps whose rules are
 * counted in minutes (readers offline, streams, written readings, appointments, expired credit);
 * `minutes` takes only running readings whose minute is due, through the (status, next_minute_at)
 * index, so the scheduler can wake at each due time without reading every active reading. The
 * other two take the due minutes the same way, then the few readings that need attention
 * otherwise (needsSchedulerAttention).
 */
export type PassScope = 'all' | 'readings' | 'minutes';

/** The scheduler's rules at `now`, as conditions on a reading's row. */
function dueConditions(now: Date, timing: SessionTiming) {
  const absentBefore = new Date(now.getTime() - timing.presenceTtlMs - timing.disconnectGraceMs);
  const awayBefore = new Date(now.getTime() - timing.presenceTtlMs);
  // A side held by a live process is present (realtime/presence/session-presence.ts); dead processes were swept just before.
  const client = presenceColumns('client');
  const reader = presenceColumns('reader');
  const isAway = (side: typeof client) =>
    and(isNull(side.nodeId), or(isNull(side.seenAt), lte(side.seenAt, awayBefore)));
  const isBack = (side: typeof client) => or(isNotNull(side.nodeId), gt(side.seenAt, awayBefore));
  const isGone = (side: typeof client) => and(isNull(side.nodeId), lte(side.seenAt, absentBefore));
  // A deposit lifts its pause at once (top-up.ts); this catches one whose resume never ran (a crash
  // between the credit and the resume), so the rule holds from the rows alone.
  // Cash and usable promotional credit together (docs/decisions/066).
  const walletCoversNextMinute = sql`coalesce((select ${ledgerAccounts.balanceCents} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${walletAccountId('')} || ${readingSessions.clientId}), 0)
    + coalesce((select sum(${creditGrants.remainingCents}) from ${creditGrants} where ${creditGrants.userId} = ${readingSessions.clientId} and ${creditGrants.sweptAt} is null and ${creditGrants.expiresAt} > ${now.toISOString()}::timestamptz), 0)
    >= coalesce(${readingSessions.extensionRatePerMinuteCents}, ${readingSessions.ratePerMinuteCents})`;
  const due = or(
    and(eq(readingSessions.status, 'requested'), lte(readingSessions.expiresAt, now)),
    // Accepted: nobody joined in time, or both sides are in the room though no join started it
    // (the second joined while the first one's process had stalled and was swept, then took it back).
    and(
      eq(readingSessions.status, 'accepted'),
      or(
        lte(readingSessions.respondedAt, new Date(now.getTime() - timing.joinTimeoutMs)),
        and(isBack(client), isBack(reader)),
      ),
    ),
    and(
      eq(readingSessions.status, 'active'),
      or(
        // Running: a minute is due, or a side stopped beating (a crashed process, a lost network).
        and(
          isNull(readingSessions.pausedAt),
          or(lte(readingSessions.nextMinuteAt, now), isAway(client), isAway(reader)),
        ),
        // Paused for a side: both sides beat again. Paused for funds: the wallet covers the next
        // minute, or the top-up window is over. Either: a side has been away for the whole grace.
        and(eq(readingSessions.pauseReason, 'away'), isBack(client), isBack(reader)),
        and(
          eq(readingSessions.pauseReason, 'insufficient_funds'),
          or(lte(readingSessions.resumeBy, now), walletCoversNextMinute),
        ),
        isGone(client),
        isGone(reader),
      ),
    ),
  );
  const isRunning = and(eq(readingSessions.status, 'active'), isNull(readingSessions.pausedAt));
  // A due minute is taken by this short condition, which implies the full one: the full one is
  // planned again on every lock, and was the costliest statement per charge (decision 029).
  const isMinuteDue = and(isRunning, lte(readingSessions.nextMinuteAt, now));
  return { due, isRunning, isMinuteDue };
}

type Lock = (tx: Tx) => Promise<SessionRow[]>;

/** A pass's readings whose handling failed, with why: skipped for the rest of the pass. */
type Failures = Map<string, unknown>;

/**
 * Handles the readings `lock` takes in one transaction and tells their events after it commits;
 * the readings whose only due work is their next minute are charged together at the end
 * (chargeOrPauseForFundsMany). One reading that cannot be handled must not hold back the rest of
 * its chunk: on a failure each goes again alone (`relock`), and one that fails alone is recorded in
 * `failures`. Returns how many readings were locked and how many of them were handled.
 */
async function handleLocked(
  deps: SessionDeps,
  now: Date,
  lock: Lock,
  relock: (id: string) => Lock,
  failures: Failures,
): Promise<{ locked: number; handled: number }> {
  const outbox = new Outbox();
  let ids: string[] = [];
  try {
    const count = await deps.db.transaction(async (tx) => {
      const sessions = await lock(tx);
      ids = sessions.map(({ id }) => id);
      const minutesDue: SessionRow[] = [];
      for (const session of sessions) {
        if (await handleDueSession(tx, session, now, deps, outbox)) minutesDue.push(session);
      }
      await chargeOrPauseForFundsMany(tx, minutesDue, now, deps.timing, outbox);
      return sessions.length;
    });
    outbox.flush(deps.realtime);
    return { locked: count, handled: count };
  } catch (error) {
    // Nothing was locked: the database failed, not a reading.
    if (ids.length === 0) throw error;
    if (ids.length === 1) {
      failures.set(ids[0]!, error);
      return { locked: 1, handled: 0 };
    }
    let handled = 0;
    for (const id of ids) handled += (await handleLocked(deps, now, relock(id), relock, failures)).handled;
    return { locked: ids.length, handled };
  }
}

export async function runDueWork(deps: SessionDeps, scope: PassScope = 'all'): Promise<PassResult> {
  const now = new Date(deps.clock.now());
  const { due, isRunning, isMinuteDue } = dueConditions(now, deps.timing);
  const takesAttention = scope !== 'minutes';
  if (takesAttention) await sweepDeadNodes(deps.db, now, deps.timing);
  // PGlite runs one transaction at a time anyway; PostgreSQL handles several sessions at once.
  const workers = deps.concurrency ?? 1;
  // Sessions are handled in chunks, each chunk locked by one statement and committed once: per
  // reading, the lock and the commit were a third of a charge's database time (decision 029), and
  // a chunk's due minutes are charged by one call (decision 032), which locks all their accounts up
  // front in the ledger's order. On PostgreSQL the readings that need attention otherwise go one per
  // transaction: their handlers (an end, a pause) lock accounts reading by reading, and chunks of
  // them on several workers could lock the same shards in different orders. (A minutes chunk with
  // a reading to end as well takes two ordered sets of locks; two such chunks at once can deadlock
  // on the shards, which PostgreSQL detects, and handleLocked then handles each reading alone.)
  const minuteChunkSize = SESSIONS_PER_TRANSACTION;
  const attentionChunkSize = workers === 1 ? SESSIONS_PER_TRANSACTION : 1;
  // A candidate is locked and re-checked against the rule that chose it (a minute due is due by
  // the full rule too); the handling reads everything else from the row.
  const lockDue =
    (ids: string[]): Lock =>
    (tx) =>
      tx
        .select()
        .from(readingSessions)
        .where(and(inArray(readingSessions.id, ids), due))
        .orderBy(asc(readingSessions.id))
        .for('update', { skipLocked: true });
  const relock = (id: string) => lockDue([id]);
  // A reading that failed is skipped for the rest of the pass, minutes and attention alike: as the
  // oldest due minute it would otherwise be taken first again by every worker and every chunk, and
  // hold back the rest.
  const failures: Failures = new Map();
  const notFailed = () => (failures.size === 0 ? undefined : notInArray(readingSessions.id, [...failures.keys()]));
  // Due minutes are taken and locked by the same statement, oldest first, through the
  // (status, next_minute_at) index: no list of candidates is read first.
  const lockDueMinutes =
    (limit: number): Lock =>
    (tx) =>
      tx
        .select()
        .from(readingSessions)
        .where(and(isMinuteDue, notFailed()))
        .orderBy(asc(readingSessions.nextMinuteAt))
        .limit(limit)
        .for('update', { skipLocked: true });

  let handled = 0;
  let taken = 0;
  let minutesLeft = true;
  const chargeChunk = async () => {
    const limit = Math.min(minuteChunkSize, BATCH - taken);
    taken += limit;
    const chunk = await handleLocked(deps, now, lockDueMinutes(limit), relock, failures);
    handled += chunk.handled;
    if (chunk.locked < limit) minutesLeft = false;
  };
  const chargeMinutes = async () => {
    while (minutesLeft && taken < BATCH) await chargeChunk();
  };
  // A minutes pass is woken for a due minute, and its workers start together. The others come on
  // the tick and mostly find the minutes charged already: one chunk alone first, and the workers
  // share the rest only when it came back full. Started together, each opened a transaction to find
  // nothing (on PostgreSQL, 4 of an idle pass's 5, 40% of an idle node's statements).
  if (takesAttention) await chargeChunk();
  await Promise.all(Array.from({ length: workers }, chargeMinutes));
  let isBacklogged = minutesLeft;
  if (takesAttention) {
    const attention = await deps.db
      .select({ id: readingSessions.id })
      .from(readingSessions)
      .where(and(needsSchedulerAttention(readingSessions), due, notFailed()))
      .orderBy(sql`coalesce(${readingSessions.nextMinuteAt}, ${readingSessions.expiresAt})`)
      .limit(BATCH);
    let next = 0;
    const work = async () => {
      while (next < attention.length) {
        const chunk = attention.slice(next, next + attentionChunkSize).map(({ id }) => id);
        next += chunk.length;
        handled += (await handleLocked(deps, now, lockDue(chunk), relock, failures)).handled;
      }
    };
    await Promise.all(Array.from({ length: workers }, work));
    isBacklogged ||= attention.length === BATCH;
    if (scope === 'all') {
      handled += await turnAbsentReadersOffline(deps);
      handled += await endStreamsOfAbsentReaders(deps);
    }
    // Every tick: a reader who became free is offered to the next in line before a request from
    // outside the line can take them.
    handled += await runQueueWork(deps);
    if (scope === 'all') {
      handled += await refundOverdueWrittenReadings(deps);
      handled += await runAppointmentWork(deps);
      handled += await sweepExpiredCredit(deps.db, now);
    }
  }
  // Every other reading has been handled: now the pass fails, and the loop logs why.
  if (failures.size > 0) throw failures.values().next().value;
  const [soonest] = await deps.db
    .select({ at: min(readingSessions.nextMinuteAt) })
    .from(readingSessions)
    .where(isRunning);
  // A full batch may have left more due sessions behind: the loop goes again at once.
  return { handled, isBacklogged, nextMinuteAt: soonest?.at ?? null };
}

/** Handles one due reading; true when what is left is to charge its due minute, which the caller does for the chunk. */
async function handleDueSession(
  tx: Tx,
  session: SessionRow,
  now: Date,
  deps: SessionDeps,
  outbox: Outbox,
): Promise<boolean> {
  const { timing } = deps;
  if (session.status === 'requested') {
    await tx
      .update(readingSessions)
      .set({ status: 'missed', endedAt: now, endReason: 'missed' })
      .where(eq(readingSessions.id, session.id));
    outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionResponse, {
      sessionId: session.id,
      response: 'missed',
      status: 'missed',
    });
    return false;
  }
  if (session.status === 'accepted') {
    if (awaySides(session, now, timing).length === 0) await startIfReady(tx, session, now, timing, outbox);
    else await finishSession(tx, session, now, outbox, { reason: 'not_joined', endedBy: null });
    return false;
  }
  const graceEnds = (role: ParticipantRole) => {
    const since = absentSince(session, role, now, timing);
    return since !== null && since.getTime() + timing.disconnectGraceMs <= now.getTime();
  };
  if (graceEnds('client') || graceEnds('reader')) {
    await finishSession(tx, session, now, outbox, { reason: 'disconnected', endedBy: null });
    return false;
  }
  if (session.pauseReason === 'insufficient_funds') {
    // The top-up window is over: the reading ends when it closed, and the pause was never billed.
    if (!session.resumeBy || session.resumeBy <= now) {
      await finishSession(tx, session, session.resumeBy ?? now, outbox, {
        reason: 'insufficient_funds',
        endedBy: null,
      });
    } else {
      await liftFundsPause(tx, session, now, timing, outbox);
    }
    return false;
  }
  if (session.pausedAt) {
    await resumeMeterIfBothPresent(tx, session, now, timing, outbox);
    return false;
  }
  const away = awaySides(session, now, timing);
  if (away.length > 0) {
    // Paused from when the side went away (its last beat), not from when this pass noticed.
    const since = away.map((role) => absentSince(session, role, now, timing)?.getTime() ?? now.getTime());
    await pauseMeter(tx, session, new Date(Math.min(now.getTime(), ...since)), away, timing, outbox);
    return false;
  }
  if (session.nextMinuteAt === null || session.nextMinuteAt > now) return false;
  // A booked reading ends at its booked length, when the minute after its last falls due, unless both extended it.
  if (session.maxMinutes !== null && session.minutesCharged >= session.maxMinutes && !isExtended(session)) {
    await finishSession(tx, session, session.nextMinuteAt, outbox, { reason: 'completed', endedBy: null });
    return false;
  }
  // When the client cannot pay, the reading pauses from the minute's due moment to top up.
  return true;
}

/**
 * Runs a pass over the readings every tick until stopped, the full pass with its sweeps every
 * `sweepMs`, and in between wakes at the next due minute for a minutes-only pass, so a minute is
 * charged when it falls due rather than up to a tick later. A pass that took a full batch runs
 * again at once: with thousands of readings whose minutes fall due together, waiting between
 * batches of 100 capped the charges per second. Passes never overlap within a process, and
 * wake-ups are at least `minGapMs` apart (a minute left due because another process holds its row
 * must not spin the loop). A failing pass is logged and the next one retries.
 */
export function startScheduler(
  deps: SessionDeps,
  log: { error(obj: unknown, msg: string): void },
  pass: typeof runDueWork = runDueWork,
) {
  const { tickMs } = deps.timing;
  const minGapMs = Math.max(10, Math.round(tickMs / 10));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let nextFullAt = deps.clock.now() + tickMs;
  // The first pass sweeps: a process that was down catches up at once.
  let nextSweepAt = Number.NEGATIVE_INFINITY;
  const run = (asked: PassScope) => {
    if (stopped) return;
    const startedAt = deps.clock.now();
    const scope = asked === 'readings' && startedAt >= nextSweepAt ? 'all' : asked;
    if (scope !== 'minutes') nextFullAt = startedAt + tickMs;
    if (scope === 'all') nextSweepAt = startedAt + deps.timing.sweepMs;
    running = pass(deps, scope)
      .catch((error): PassResult => {
        log.error({ err: error }, 'session scheduler pass failed');
        return { handled: 0, isBacklogged: false, nextMinuteAt: null };
      })
      .then(({ isBacklogged, nextMinuteAt }) => {
        if (stopped) return;
        const now = deps.clock.now();
        if (isBacklogged) {
          timer = setTimeout(() => run(scope), 0);
          return;
        }
        const minuteAt = nextMinuteAt
          ? Math.max(nextMinuteAt.getTime(), startedAt + minGapMs)
          : Number.POSITIVE_INFINITY;
        if (minuteAt < nextFullAt) timer = setTimeout(() => run('minutes'), Math.max(0, minuteAt - now));
        else timer = setTimeout(() => run('readings'), Math.max(0, nextFullAt - now));
      });
  };
  timer = setTimeout(() => run('readings'), tickMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
