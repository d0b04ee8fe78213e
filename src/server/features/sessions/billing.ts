import { splitSessionMinute } from '@shared/money';
import { type BillingUpdateEvent, SERVER_EVENTS, type SessionEndedEvent } from '@shared/realtime';
import { type EndReason, isExtended } from '@shared/sessions';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerTransfers, readerProfiles, readingSessions } from '../../db/schema';
import { billedMinutes } from '../../metrics/process-metrics';
import type { Outbox } from '../../realtime/outbox';
import type { SessionTiming } from '../../timing';
import {
  chargeManyCreditFirst,
  creditAccountId,
  escrowAccountId,
  getBalances,
  isRevenueAccount,
  lockAccounts,
  releaseHeldShare,
  returnCredit,
  transfer,
  walletAccountId,
} from '../wallet';
import { isBookedMinute, lockBookedReadingAccounts, rateOfMinute, settleBookedReading } from './booked-reading';
import { minuteChargeKey, sessionReference } from './session-reference';
import { type SessionRow, sessionRoom } from './session-view';

const sqlIncrement = (column: AnyColumn) => sql`${column} + 1`;

export { minuteChargeKey, sessionReference };

async function walletsOf(tx: Tx, session: SessionRow) {
  const balances = await getBalances(tx, [walletAccountId(session.clientId), walletAccountId(session.readerId)]);
  return {
    client: balances.get(walletAccountId(session.clientId)) ?? 0,
    reader: balances.get(walletAccountId(session.readerId)) ?? 0,
  };
}

/**
 * `wallet_updated` carries the wallet; the reader hears it when a reading's end moves their escrow
 * or earnings too, and their screens fetch those again. (A minute's charge tells them by
 * `billing_update`, which their screens also refetch on, without reading their unchanged wallet.)
 */
function walletEvents(outbox: Outbox, session: SessionRow, wallets: { client?: number; reader: number }) {
  if (wallets.client !== undefined)
    outbox.toUser(session.clientId, SERVER_EVENTS.walletUpdated, { balanceCents: wallets.client });
  outbox.toUser(session.readerId, SERVER_EVENTS.walletUpdated, { balanceCents: wallets.reader });
}

/**
 * Bills minute `minutesCharged + 1` at its start, writing its receipt line (`session_minutes`) in
 * the same transaction. One of the reading's free minutes (the reader's offer to a first reading)
 * moves no money; a paid one goes through the ledger's split charge, keyed by (session, minute) so
 * a retry or a second process can never charge it twice, and split on the session's total
 * (splitSessionMinute). Returns false when the client cannot pay: the caller decides what follows.
 */
export async function chargeNextMinute(
  tx: Tx,
  session: SessionRow,
  now: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean> {
  const [paid] = await chargeNextMinutes(tx, [session], now, timing, outbox);
  return paid === true;
}

/**
 * chargeNextMinute for several readings at once: one split-charge call for all their paid minutes
 * and one statement for all their receipt lines (docs/decisions/032), so a chunk of due minutes
 * costs the database a few statements, not a few per reading. Each reading is billed on its own:
 * one whose client cannot pay is answered false and leaves the others charged.
 */
export async function chargeNextMinutes(
  tx: Tx,
  sessions: SessionRow[],
  now: Date,
  timing: SessionTiming,
  outbox: Outbox,
): Promise<boolean[]> {
  const plans = sessions.map((session) => {
    const minute = session.minutesCharged + 1;
    // A booked minute was paid for ahead: it comes out of the client's hold (docs/decisions/048);
    // past an extended reading's booked length, minutes come from the wallet at the extension rate.
    const isBooked = isBookedMinute(session, minute);
    const isFree = minute <= session.freeMinutes;
    const amountCents = isFree ? 0 : rateOfMinute(session, minute);
    return {
      session,
      isBooked,
      minute,
      isFree,
      amountCents,
      ...splitSessionMinute(session.totalCostCents, amountCents),
    };
  });
  const paid = plans.filter((plan) => !plan.isFree);
  // No savepoint needed: an unpaid charge is refused before the ledger writes anything.
  // Promotional credit pays first (docs/decisions/066); the reader's share is of the full price either way.
  const { outcomes, creditLeft } = await chargeManyCreditFirst(
    tx,
    paid.map(({ session, isBooked, minute, amountCents, readerCents }) => ({
      payerUserId: session.clientId,
      readerUserId: session.readerId,
      amountCents,
      readerCents,
      kind: 'session_charge',
      reference: sessionReference(session.id),
      idempotencyKey: minuteChargeKey(session.id, minute),
      payerAccount: isBooked ? ('hold' as const) : ('wallet' as const),
    })),
    now,
  );
  const outcomeOf = new Map(paid.map((plan, i) => [plan, outcomes[i]!]));
  // The wallets no charge answered for: free minutes', and booked readings' (their payer is the hold).
  const unchargedWallets = plans
    .filter((plan) => plan.isFree || plan.isBooked)
    .map(({ session }) => walletAccountId(session.clientId));
  const walletBalances =
    unchargedWallets.length === 0 ? new Map<string, number>() : await getBalances(tx, unchargedWallets);

  const records: object[] = [];
  const results = plans.map((plan) => {
    const { session, isBooked, minute, isFree, amountCents, readerCents, platformCents } = plan;
    const outcome = outcomeOf.get(plan);
    if (outcome?.refused) return false;
    // A booked reading's payer balance is the hold, which is not the wallet the client sees.
    const clientBalanceCents =
      outcome && !isBooked ? outcome.payerBalanceCents : (walletBalances.get(walletAccountId(session.clientId)) ?? 0);
    const startedAt = session.nextMinuteAt ?? now;
    const nextMinuteAt = new Date(startedAt.getTime() + timing.minuteMs);
    const totalCostCents = session.totalCostCents + amountCents;
    const readerEarningsCents = session.readerEarningsCents + readerCents;
    records.push({
      session_id: session.id,
      minute,
      started_at: startedAt.toISOString(),
      next_minute_at: nextMinuteAt.toISOString(),
      amount_cents: amountCents,
      reader_cents: readerCents,
      platform_cents: platformCents,
      free: isFree,
      total_cost_cents: totalCostCents,
      reader_earnings_cents: readerEarningsCents,
    });
    const nextRate = rateOfMinute(session, minute + 1);
    // Only a wallet-paid next minute can pause for a top-up: a booked one is held, and a booked
    // reading that was not extended ends at its booked length.
    const isNextFromWallet =
      !isBookedMinute(session, minute + 1) && (session.appointmentId === null || isExtended(session));
    const isNextPaid = minute + 1 > session.freeMinutes;
    const event: BillingUpdateEvent = {
      sessionId: session.id,
      minutesCharged: minute,
      totalCostCents,
      readerEarningsCents,
      clientBalanceCents,
      ratePerMinuteCents: nextRate,
      free: isFree,
      freeMinutes: session.freeMinutes,
      isFinalMinute:
        isNextFromWallet && isNextPaid && clientBalanceCents + (creditLeft.get(session.clientId) ?? 0) < nextRate,
      nextMinuteAt: nextMinuteAt.toISOString(),
    };
    outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.billingUpdate, event);
    const creditCents = creditLeft.get(session.clientId);
    if (!isFree && !isBooked)
      outbox.toUser(session.clientId, SERVER_EVENTS.walletUpdated, {
        balanceCents: clientBalanceCents,
        ...(creditCents !== undefined && { creditCents }),
      });
    return true;
  });
  const freeCount = plans.filter((plan, i) => plan.isFree && results[i]).length;
  const paidCount = results.filter(Boolean).length - freeCount;
  outbox.afterCommit(() => {
    if (paidCount > 0) billedMinutes.inc({ free: 'false' }, paidCount);
    if (freeCount > 0) billedMinutes.inc({ free: 'true' }, freeCount);
  });
  // Every receipt line and every reading's totals in one statement (migration 0016, decision 030).
  if (records.length > 0) {
    await tx.execute(sql`
      select session_minute_record(r.session_id, r.minute, r.started_at, r.next_minute_at, r.amount_cents, r.reader_cents, r.platform_cents, r.free, r.total_cost_cents, r.reader_earnings_cents)
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r (session_id text, minute integer, started_at timestamptz, next_minute_at timestamptz,
        amount_cents integer, reader_cents integer, platform_cents integer, free boolean, total_cost_cents integer, reader_earnings_cents integer)`);
  }
  return results;
}

/**
 * Reverses every charge of a session, leg by leg: the reader's share comes back from their escrow
 * (where it has been held since the charge) and the platform's from the revenue shard it went to,
 * so each returns exactly what it received and no other account pays (docs/decisions/009). A
 * refund happens only while the session ends, so its shares have not been released to earnings.
 */
export async function refundSession(tx: Tx, session: SessionRow, now: Date): Promise<number> {
  const charges = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.reference, sessionReference(session.id)), eq(ledgerTransfers.kind, 'session_charge')),
    );
  const escrow = escrowAccountId(session.readerId);
  // Lock every account a refund touches up front, in the ledger's order, so a refund and a
  // concurrent charge to the same reader cannot each hold one row and wait for the other.
  const revenueShards = charges.map((charge) => charge.creditAccountId).filter(isRevenueAccount);
  const wallet = walletAccountId(session.clientId);
  await lockAccounts(tx, [wallet, escrow, creditAccountId(session.clientId), ...revenueShards]);
  let refundedCents = 0;
  let toWalletCents = 0;
  for (const charge of charges) {
    await transfer(tx, {
      debitAccountId: isRevenueAccount(charge.creditAccountId) ? charge.creditAccountId : escrow,
      creditAccountId: charge.debitAccountId,
      amountCents: charge.amountCents,
      kind: 'refund',
      reference: sessionReference(session.id),
      idempotencyKey: `refund:${charge.id}`,
    });
    refundedCents += charge.amountCents;
    if (charge.debitAccountId === wallet) toWalletCents += charge.amountCents;
  }
  // What credit paid goes back to credit, never into the cash a card refund could take.
  await returnCredit(tx, {
    userId: session.clientId,
    reference: sessionReference(session.id),
    refundedCents: toWalletCents,
    idempotencyKey: `refund:${session.id}`,
    now,
  });
  return refundedCents;
}

export interface FinishOptions {
  reason: EndReason;
  endedBy: string | null;
  refund?: boolean;
}

/**
 * Ends a session in any open state: an active one becomes completed (with its reader's stats and an
 * optional refund), one that never started becomes cancelled. Both sides hear `session_ended`.
 * Ended, a reading can no longer be refunded: without a refund, the reader's held share is released
 * to their earnings in this same transaction.
 */
export async function finishSession(tx: Tx, session: SessionRow, now: Date, outbox: Outbox, options: FinishOptions) {
  const wasActive = session.status === 'active';
  if (session.appointmentId) await lockBookedReadingAccounts(tx, session);
  const refundedCents = wasActive && options.refund ? await refundSession(tx, session, now) : 0;
  const releasedCents =
    wasActive && !options.refund
      ? await releaseHeldShare(tx, { readerUserId: session.readerId, reference: sessionReference(session.id) })
      : 0;
  const status = wasActive
    ? 'completed'
    : session.status === 'requested' && options.reason === 'missed'
      ? 'missed'
      : 'cancelled';
  const releasedFromHoldCents = session.appointmentId ? await settleBookedReading(tx, session, wasActive, now) : 0;
  await tx
    .update(readingSessions)
    .set({
      status,
      endedAt: now,
      endReason: options.reason,
      endedBy: options.endedBy,
      nextMinuteAt: null,
      refundedCents,
      ...(refundedCents > 0 && { readerEarningsCents: 0 }),
      // The client's receipt by mail, queued by the mail worker (mail/notices.ts).
      receiptMailDue: wasActive,
    })
    .where(eq(readingSessions.id, session.id));
  if (wasActive) {
    await tx
      .update(readerProfiles)
      .set({ completedSessions: sqlIncrement(readerProfiles.completedSessions) })
      .where(eq(readerProfiles.userId, session.readerId));
  }
  const event: SessionEndedEvent = {
    sessionId: session.id,
    reason: options.reason,
    endedBy: options.endedBy,
    totalMinutes: session.minutesCharged,
    totalCostCents: session.totalCostCents - refundedCents,
    refundedCents,
    readerEarningsCents: refundedCents > 0 ? 0 : session.readerEarningsCents,
  };
  outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionEnded, event);
  if (wasActive)
    outbox.toReaderWatchers(session.readerId, SERVER_EVENTS.readerBusy, { readerId: session.readerId, isBusy: false });
  // Nobody stays in an ended session's room: no message or signal reaches it any more.
  outbox.closeRoom(sessionRoom(session.id));
  if (refundedCents > 0 || releasedFromHoldCents > 0) walletEvents(outbox, session, await walletsOf(tx, session));
  else if (releasedCents > 0) walletEvents(outbox, session, { reader: (await walletsOf(tx, session)).reader });
  return { status, refundedCents };
}
