import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { READER_LEFT_REFUND_MINUTES } from '@shared/live';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { ledgerTransfers, liveStreams, readerProfiles, streamJoins } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import type { Realtime } from '../../realtime/realtime';
import type { SessionTiming } from '../../timing';
import type { StreamEndedHook } from './deps';
import {
  creditAccountId,
  earningsAccountId,
  getWalletBalanceCents,
  lockAccounts,
  returnCredit,
  SPLIT_LEG_SUFFIX,
  transfer,
} from '../wallet';
import { streamRoom } from './deps';
import { streamAccessKey, streamReference } from './paid-join/join-stream';

export interface AbsentStreamDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  timing: Pick<SessionTiming, 'minuteMs'>;
  onStreamEnded?: StreamEndedHook;
}

/** The refund of one admission: its two legs are keyed like the charge's (`…:reader`, `…:platform`). */
export const streamRefundKey = (streamId: string, userId: string) => `stream-refund:${streamId}:${userId}`;

const BATCH = 100;

/**
 * Since when the stream's reader has had no page connected: null while a process holds one of
 * their pages (realtime/presence/reader-presence.ts; a dead process's holds are swept before this runs), else
 * their last page's close or their process's last beat, but never before the stream went live (a
 * reader who went live with no page open gets the minute too).
 */
const readerAbsentSince = sql<Date | null>`(select greatest(${readerProfiles.seenAt}, ${liveStreams.startedAt}) from ${readerProfiles}
  where ${readerProfiles.userId} = ${liveStreams.readerId} and ${readerProfiles.nodeId} is null)`;

/**
 * A live stream whose reader has had no page connected for a billing minute ends by itself
 * (`reader_left`), at the end of that minute, and every viewer who paid to join it within
 * READER_LEFT_REFUND_MINUTES billing minutes before that gets the price back (docs/decisions/034).
 * Runs in the scheduler's full pass, from the rows alone: any process may run it, and each stream
 * is ended by one statement that only one of them wins.
 */
export async function endStreamsOfAbsentReaders(deps: AbsentStreamDeps): Promise<number> {
  const now = new Date(deps.clock.now());
  const isGone = and(
    eq(liveStreams.status, 'live'),
    sql`${readerAbsentSince} <= ${new Date(now.getTime() - deps.timing.minuteMs).toISOString()}::timestamptz`,
  );
  const due = await deps.db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(isGone)
    .orderBy(asc(liveStreams.startedAt))
    .limit(BATCH);
  let ended = 0;
  for (const { id } of due) {
    const outbox = new Outbox();
    const isEnded = await deps.db.transaction(async (tx) => {
      const [stream] = await tx
        .update(liveStreams)
        .set({
          status: 'ended',
          endedAt: sql`${readerAbsentSince} + ${deps.timing.minuteMs}::integer * interval '1 millisecond'`,
          endReason: 'reader_left',
          viewerCount: 0,
          updatedAt: now,
        })
        .where(and(eq(liveStreams.id, id), isGone))
        .returning({ id: liveStreams.id, readerId: liveStreams.readerId, endedAt: liveStreams.endedAt });
      if (!stream?.endedAt) return false;
      const refundedSince = new Date(stream.endedAt.getTime() - READER_LEFT_REFUND_MINUTES * deps.timing.minuteMs);
      await refundAdmissions(tx, { id: stream.id, readerId: stream.readerId }, refundedSince, now, outbox);
      outbox
        .toRoom(streamRoom(stream.id), SERVER_EVENTS.streamEnded, {
          streamId: stream.id,
          endedAt: stream.endedAt.toISOString(),
          reason: 'reader_left',
        })
        .closeRoom(streamRoom(stream.id));
      return true;
    });
    outbox.flush(deps.realtime);
    if (!isEnded) continue;
    ended++;
    deps.onStreamEnded?.(id);
  }
  return ended;
}

/**
 * Gives back the price of every admission paid since `since`, leg by leg from where it went: the
 * reader's share from their earnings, the platform's from its revenue shard. Each refund is keyed
 * by its admission, so it is made once. A reader whose earnings were paid out meanwhile cannot
 * give their share back; that admission stays unrefunded (`refunded_at` null) for an operator's
 * adjustment, and the others are refunded, oldest first, while the earnings cover them.
 */
async function refundAdmissions(
  tx: Tx,
  stream: { id: string; readerId: string },
  since: Date,
  now: Date,
  outbox: Outbox,
) {
  const admissions = await tx
    .select({ userId: streamJoins.userId })
    .from(streamJoins)
    .where(
      and(
        eq(streamJoins.streamId, stream.id),
        gt(streamJoins.paidCents, 0),
        gte(streamJoins.createdAt, since),
        isNull(streamJoins.refundedAt),
      ),
    )
    .orderBy(asc(streamJoins.createdAt), asc(streamJoins.userId));
  if (admissions.length === 0) return;
  const legKeys = admissions.flatMap(({ userId }) =>
    Object.values(SPLIT_LEG_SUFFIX).map((suffix) => streamAccessKey(stream.id, userId) + suffix),
  );
  const legs = await tx
    .select()
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.idempotencyKey} = any(${sql.param(legKeys)}::text[])`);
  // Every account the refunds touch, locked up front in the ledger's order (as a reading's refund does).
  const balances = await lockAccounts(tx, [
    ...legs.flatMap((leg) => [leg.debitAccountId, leg.creditAccountId]),
    ...admissions.map(({ userId }) => creditAccountId(userId)),
  ]);
  const earnings = earningsAccountId(stream.readerId);
  let earningsLeft = balances.get(earnings) ?? 0;
  const legByKey = new Map(legs.map((leg) => [leg.idempotencyKey, leg]));
  const refunded: string[] = [];
  for (const { userId } of admissions) {
    const own = Object.values(SPLIT_LEG_SUFFIX).flatMap((suffix) => {
      const leg = legByKey.get(streamAccessKey(stream.id, userId) + suffix);
      return leg ? [{ leg, suffix }] : [];
    });
    const fromEarnings = own
      .filter(({ leg }) => leg.creditAccountId === earnings)
      .reduce((sum, { leg }) => sum + leg.amountCents, 0);
    if (own.length === 0 || fromEarnings > earningsLeft) continue;
    earningsLeft -= fromEarnings;
    for (const { leg, suffix } of own) {
      await transfer(tx, {
        debitAccountId: leg.creditAccountId,
        creditAccountId: leg.debitAccountId,
        amountCents: leg.amountCents,
        kind: 'refund',
        reference: streamReference(stream.id),
        idempotencyKey: streamRefundKey(stream.id, userId) + suffix,
      });
    }
    // What credit paid of the price goes back as credit (docs/decisions/066).
    const refundedCents = own.reduce((sum, { leg }) => sum + leg.amountCents, 0);
    await returnCredit(tx, {
      userId,
      reference: streamReference(stream.id),
      refundedCents,
      idempotencyKey: streamRefundKey(stream.id, userId),
      now,
    });
    refunded.push(userId);
  }
  if (refunded.length === 0) return;
  await tx
    .update(streamJoins)
    .set({ refundedAt: now })
    .where(and(eq(streamJoins.streamId, stream.id), sql`${streamJoins.userId} = any(${sql.param(refunded)}::text[])`));
  for (const userId of refunded)
    outbox.toUser(userId, SERVER_EVENTS.walletUpdated, { balanceCents: await getWalletBalanceCents(tx, userId) });
  // The reader's wallet is unchanged; the event tells their dashboard to fetch its figures again.
  outbox.toUser(stream.readerId, SERVER_EVENTS.walletUpdated, {
    balanceCents: await getWalletBalanceCents(tx, stream.readerId),
  });
}
