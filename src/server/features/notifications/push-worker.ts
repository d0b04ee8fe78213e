import type { PreferenceKind } from '@shared/notification-preferences';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { retryDelayMs, startPassLoop } from '../../worker-loop';
import { pushMessages, pushSubscriptions } from '../../db/schema';
import { isUrgentPush } from './push-queue';
import { signedInOnDeviceSql } from './push-subscriptions';
import type { PushTransport } from './push-transport';
import { loadPreferences } from './preferences';
import { msUntilQuietHoursEnd } from './quiet-hours';

const BATCH = 50;
/** Far longer than one push takes (10 s timeout); a worker that died mid-send frees its pushes after this. */
export const PUSH_LEASE_MS = 60_000;
export const PUSH_MAX_ATTEMPTS = 8;
/** Sent, failed and dropped pushes are kept this long (to see what a person was sent), then swept. */
export const FINISHED_PUSH_KEPT_MS = 7 * 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const SWEEP_BATCH = 1000;

export interface PushWorkerDeps {
  db: Db;
  clock: Clock;
  transport: PushTransport;
}

type Leased = {
  id: string;
  attempts: number;
  kind: PreferenceKind;
  payload: unknown;
  expiresAt: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscriptionId: string;
};

/**
 * One pass, as the mail worker's (docs/decisions/028, 049): in one short transaction, the due
 * pushes are locked with SKIP LOCKED (so two processes never take the same one), the expired and
 * those due in their person's quiet hours are dropped or put off (by the kind's rule), the rest
 * leased; then each is sent outside any transaction and marked sent, retried with a back-off, or,
 * when the push service says the device is gone (404, 410), the device is forgotten with its
 * waiting pushes. Returns how many were sent or tried.
 */
export async function runPushWork(deps: PushWorkerDeps): Promise<number> {
  const { db, clock } = deps;
  const now = new Date(clock.now());
  const leased = await db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: pushMessages.id,
        userId: pushMessages.userId,
        kind: pushMessages.kind,
        attempts: pushMessages.attempts,
        expiresAt: pushMessages.expiresAt,
        isSignedIn: signedInOnDeviceSql(now),
      })
      .from(pushMessages)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscriptionId))
      .where(
        and(
          eq(pushMessages.status, 'queued'),
          lte(pushMessages.nextAttemptAt, now),
          or(isNull(pushMessages.leasedUntil), lte(pushMessages.leasedUntil, now)),
        ),
      )
      .orderBy(asc(pushMessages.nextAttemptAt))
      .limit(BATCH)
      // The queue's rows only: the device's row is read, not taken from its other pushes.
      .for('update', { of: pushMessages, skipLocked: true });
    const sendable: string[] = [];
    const quietWaits = new Map<string, number>();
    for (const userId of new Set(due.map((message) => message.userId))) {
      const preferences = await loadPreferences(tx, userId);
      quietWaits.set(userId, msUntilQuietHoursEnd(now, preferences.quietHours, preferences.timeZone));
    }
    for (const message of due) {
      const quietWaitMs = quietWaits.get(message.userId) ?? 0;
      if (!message.isSignedIn) {
        // Its session expired after it was queued (a sign-out would have deleted it with the device).
        await tx
          .update(pushMessages)
          .set({ status: 'dropped', lastError: 'no longer signed in on this device' })
          .where(eq(pushMessages.id, message.id));
      } else if (message.expiresAt <= now) {
        await tx
          .update(pushMessages)
          .set({ status: 'dropped', lastError: 'expired before it could be sent' })
          .where(eq(pushMessages.id, message.id));
      } else if (quietWaitMs > 0 && isUrgentPush(message.kind)) {
        await tx
          .update(pushMessages)
          .set({ status: 'dropped', lastError: 'due in quiet hours' })
          .where(eq(pushMessages.id, message.id));
      } else if (quietWaitMs > 0) {
        await tx
          .update(pushMessages)
          .set({ nextAttemptAt: new Date(now.getTime() + quietWaitMs), leasedUntil: null })
          .where(eq(pushMessages.id, message.id));
      } else {
        sendable.push(message.id);
      }
    }
    if (sendable.length === 0) return [];
    return tx
      .update(pushMessages)
      .set({ leasedUntil: new Date(now.getTime() + PUSH_LEASE_MS), attempts: sql`${pushMessages.attempts} + 1` })
      .from(pushSubscriptions)
      .where(and(inArray(pushMessages.id, sendable), eq(pushSubscriptions.id, pushMessages.subscriptionId)))
      .returning({
        id: pushMessages.id,
        attempts: pushMessages.attempts,
        kind: pushMessages.kind,
        payload: pushMessages.payload,
        expiresAt: pushMessages.expiresAt,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      });
  });
  for (const message of leased) await sendOne(deps, message);
  return leased.length;
}

async function sendOne({ db, clock, transport }: PushWorkerDeps, message: Leased): Promise<void> {
  let status: number | null = null;
  let failure: string;
  try {
    status = await transport.send(message, JSON.stringify(message.payload), {
      ttlSeconds: Math.max(0, Math.floor((message.expiresAt.getTime() - clock.now()) / 1000)),
      urgency: isUrgentPush(message.kind) ? 'high' : 'normal',
    });
    failure = `push service answered ${status}`;
  } catch (error) {
    failure = String(error instanceof Error ? error.message : error).slice(0, 500);
  }
  if (status !== null && status >= 200 && status < 300) {
    await db
      .update(pushMessages)
      .set({ status: 'sent', sentAt: new Date(clock.now()), leasedUntil: null, lastError: null })
      .where(eq(pushMessages.id, message.id));
    return;
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed or the push service expired the endpoint: it will never take a push again.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, message.subscriptionId));
    return;
  }
  // Other 4xx (a bad key, a payload too large) will not pass on a retry; 429, 5xx and network errors may.
  const isPermanent = status !== null && status >= 400 && status < 500 && status !== 429;
  const isLastAttempt = isPermanent || message.attempts >= PUSH_MAX_ATTEMPTS;
  await db
    .update(pushMessages)
    .set({
      status: isLastAttempt ? 'failed' : 'queued',
      nextAttemptAt: new Date(clock.now() + retryDelayMs(message.attempts)),
      leasedUntil: null,
      lastError: failure,
    })
    .where(eq(pushMessages.id, message.id));
}

/**
 * Deletes finished pushes older than a week, a batch at a time (a go-live fan-out writes one row a
 * follower's device): the index on finished rows' creation keeps it from reading the queue.
 */
export async function sweepFinishedPushes(db: Db, now: Date): Promise<number> {
  const old = db
    .select({ id: pushMessages.id })
    .from(pushMessages)
    .where(
      and(
        ne(pushMessages.status, 'queued'),
        lt(pushMessages.createdAt, new Date(now.getTime() - FINISHED_PUSH_KEPT_MS)),
      ),
    )
    .limit(SWEEP_BATCH);
  return (await db.delete(pushMessages).where(inArray(pushMessages.id, old)).returning({ id: pushMessages.id })).length;
}

/** Runs runPushWork every second, and the sweep once an hour, until stopped; a failing pass is logged and the next one retries. */
export function startPushWorker(deps: PushWorkerDeps, log: { error(obj: unknown, msg: string): void }) {
  let sweptAt = 0;
  return startPassLoop(
    async () => {
      await runPushWork(deps);
      if (deps.clock.now() - sweptAt < SWEEP_EVERY_MS) return;
      sweptAt = deps.clock.now();
      await sweepFinishedPushes(deps.db, new Date(sweptAt));
    },
    log,
    'push worker pass failed',
  );
}
