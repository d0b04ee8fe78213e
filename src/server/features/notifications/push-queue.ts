import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import { isPreferenceKind, PREFERENCE_CATALOG, type PreferenceKind } from '@shared/notification-preferences';
import type { PushPayload } from '@shared/push-payload';
import { paths } from '@shared/paths';
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushMessages, pushSubscriptions } from '../../db/schema';
import { channelOnSql } from './preferences';
import { signedInOnDeviceSql } from './push-subscriptions';
import type { NotificationRow } from './to-notification';
import { HOUR_MS, MINUTE_MS } from '@shared/time-units';

/**
 * How long a push of each kind is worth sending (past it, it is dropped unsent, and the push
 * service is told to drop it too: web-push's TTL is what is left of it). Time-bound kinds live as
 * long as what they announce; news that keeps waits out quiet hours and a phone that is off.
 */
const MAX_AGE_MS: Record<PreferenceKind, number> = {
  reading_request: REQUEST_TIMEOUT_MS,
  // An offer is kept one billing minute; its push may not outlive a slow minute by much.
  queue_offer: 2 * MINUTE_MS,
  appointment_reminder: 15 * MINUTE_MS,
  reader_online: HOUR_MS,
  stream_live: 2 * HOUR_MS,
  written_reading_asked: 2 * 24 * HOUR_MS,
  written_reading_answered: 2 * 24 * HOUR_MS,
  written_reading_refunded: 2 * 24 * HOUR_MS,
  payout_paid: 2 * 24 * HOUR_MS,
  promotion: 2 * 24 * HOUR_MS,
};

export const isUrgentPush = (kind: PreferenceKind) => PREFERENCE_CATALOG[kind].whenQuiet === 'drop';

export interface PushNotice {
  kind: PreferenceKind;
  title: string;
  body: string;
  /** The in-app path the notification opens. */
  link: string;
  /** What it is about: a later push about the same thing replaces this one on the device. */
  subjectId: string;
  now: Date;
  actions?: PushPayload['actions'];
}

/**
 * Queues a push to every device of these people who have push on for this kind and are still
 * signed in there (decision 059: a device signed out of takes no more pushes), in the caller's
 * transaction (so a push about something rolled back is never sent, and one about something
 * committed is never lost). One INSERT … SELECT: people without a device or with the kind off cost
 * nothing. The push worker sends them (push-worker.ts).
 */
export async function queuePush(db: DbOrTx, userIds: readonly string[], notice: PushNotice): Promise<void> {
  if (userIds.length === 0) return;
  const payload: PushPayload = {
    title: notice.title,
    body: notice.body,
    url: notice.link,
    tag: `${notice.kind}:${notice.subjectId}`,
    ...(notice.actions && { actions: notice.actions }),
  };
  const now = notice.now.toISOString();
  const expiresAt = new Date(notice.now.getTime() + MAX_AGE_MS[notice.kind]).toISOString();
  await db.insert(pushMessages).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()::text`.as('id'),
        subscriptionId: sql<string>`${pushSubscriptions.id}`.as('subscription_id'),
        userId: sql<string>`${pushSubscriptions.userId}`.as('user_id'),
        kind: sql<PreferenceKind>`${notice.kind}`.as('kind'),
        payload: sql<PushPayload>`${JSON.stringify(payload)}::jsonb`.as('payload'),
        status: sql<'queued'>`'queued'`.as('status'),
        attempts: sql<number>`0`.as('attempts'),
        nextAttemptAt: sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
        leasedUntil: sql<Date | null>`null::timestamptz`.as('leased_until'),
        expiresAt: sql<Date>`${expiresAt}::timestamptz`.as('expires_at'),
        lastError: sql<string | null>`null::text`.as('last_error'),
        sentAt: sql<Date | null>`null::timestamptz`.as('sent_at'),
        createdAt: sql<Date>`${now}::timestamptz`.as('created_at'),
      })
      .from(pushSubscriptions)
      .where(
        and(
          inArray(pushSubscriptions.userId, [...userIds]),
          sql`${channelOnSql(pushSubscriptions.userId, notice.kind, 'push')}`,
          signedInOnDeviceSql(notice.now),
        ),
      ),
  );
}

/** The bell's notices just written (in the caller's transaction), pushed too to those who want them. */
export async function queuePushForNotifications(db: DbOrTx, rows: readonly NotificationRow[]): Promise<void> {
  // A fan-out writes one text to many people: one statement per distinct notice, not per person.
  const groups = new Map<string, NotificationRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.kind, row.title, row.body, row.link, row.subjectId]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [first, ...rest] of groups.values()) {
    if (!first || !isPreferenceKind(first.kind)) continue;
    await queuePush(
      db,
      [first, ...rest].map((row) => row.userId),
      {
        kind: first.kind,
        title: first.title,
        body: first.body,
        link: first.link ?? paths.dashboard,
        subjectId: first.subjectId ?? first.id,
        now: first.createdAt,
      },
    );
  }
}

/** A reader's incoming request, on their devices, with 'Accept' opening the dashboard where it is answered. */
export function queueReadingRequestPush(
  db: DbOrTx,
  input: { readerId: string; sessionId: string; clientName: string; sessionType: string; now: Date },
) {
  return queuePush(db, [input.readerId], {
    kind: 'reading_request',
    title: `${input.clientName} requests a ${input.sessionType} reading`,
    body: 'Accept within a minute, or the request expires.',
    link: paths.dashboard,
    subjectId: input.sessionId,
    now: input.now,
    actions: [{ action: 'accept', title: 'Accept', url: paths.dashboard }],
  });
}

/** A client's turn in a reader's queue: the offer is kept for them until it expires. */
export function queueQueueOfferPush(
  db: DbOrTx,
  input: { clientId: string; readerId: string; readerName: string; now: Date },
) {
  return queuePush(db, [input.clientId], {
    kind: 'queue_offer',
    title: `${input.readerName} is free for you now`,
    body: 'Your turn in the queue: start your reading before the offer expires.',
    link: paths.dashboard,
    subjectId: `${input.readerId}:${input.now.getTime()}`,
    now: input.now,
  });
}

/** A reader's payout reached their account. */
export function queuePayoutPaidPush(
  db: DbOrTx,
  input: { readerId: string; payoutId: string; amount: string; now: Date },
) {
  return queuePush(db, [input.readerId], {
    kind: 'payout_paid',
    title: `Your payout of ${input.amount} is paid`,
    body: 'It is on its way to your bank account.',
    link: paths.dashboardEarnings,
    subjectId: input.payoutId,
    now: input.now,
  });
}
