import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatCents } from '@shared/money';
import type { AdminCardPaymentList, DepositRefund } from '@shared/payments';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { depositRefunds, deposits, ledgerTransfers } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { PaymentProviderUnavailableError, type PaymentsProvider } from '../../payments/provider';
import {
  depositCreditAccounts,
  depositTransferKey,
  disputesAccountId,
  getWalletBalanceCents,
  holdAccountId,
  lockAccounts,
  placeHold,
  releaseHold,
  revokeDepositCredit,
  SYSTEM_ACCOUNTS,
  takeBackToCard,
  walletAccountId,
} from '../wallet';
import type { EventEffects } from './event-effects';
import type { ChargeObject } from './stripe-objects';

type DepositRow = typeof deposits.$inferSelect;

/**
 * A refund under way holds its amount in the client's hold under this reference from the moment
 * it is asked until the provider confirms or refuses it, so no reading, gift or order can spend
 * what is on its way back to the card (docs/decisions/058).
 */
export const cardRefundReference = (refundId: string) => `card-refund:${refundId}`;

interface PendingRefunds {
  /** By deposit: the refunds asked of the provider and not yet confirmed or refused. */
  byDeposit: Map<string, number>;
  /** The part of them still in the wallet: refunds asked before refunds were held (none since). */
  unheldCents: number;
}

async function pendingRefundsOf(tx: Tx, userId: string): Promise<PendingRefunds> {
  const held = sql`exists (select 1 from ${ledgerTransfers} where ${ledgerTransfers.idempotencyKey} = 'card-refund:' || ${depositRefunds.id} || ':hold')`;
  const rows = await tx
    .select({
      depositId: depositRefunds.depositId,
      cents: sql<number>`sum(${depositRefunds.amountCents})::bigint`.mapWith(Number),
      unheldCents:
        sql<number>`coalesce(sum(${depositRefunds.amountCents}) filter (where not ${held}), 0)::bigint`.mapWith(Number),
    })
    .from(depositRefunds)
    .innerJoin(deposits, eq(deposits.id, depositRefunds.depositId))
    .where(and(eq(deposits.userId, userId), eq(depositRefunds.status, 'pending')))
    .groupBy(depositRefunds.depositId);
  return {
    byDeposit: new Map(rows.map((row) => [row.depositId, row.cents])),
    unheldCents: rows.reduce((sum, row) => sum + row.unheldCents, 0),
  };
}

/**
 * What one deposit's refund may take now: its unrefunded part (less its refunds under way), and no
 * more than the wallet holds free of everything else. The wallet's balance is already net of every
 * reading's charged minutes and of every hold (questions, appointments, refunds under way), and the
 * new refund is held at once, so a reading that goes on charging can never reach it.
 */
function refundableOf(deposit: DepositRow, pending: PendingRefunds, walletCents: number) {
  return Math.max(
    0,
    Math.min(
      deposit.amountCents - deposit.refundedCents - (pending.byDeposit.get(deposit.id) ?? 0),
      walletCents - pending.unheldCents,
    ),
  );
}

const isDisputed = (deposit: DepositRow) => deposit.disputeStatus === 'open' || deposit.disputeStatus === 'lost';

/** The deposit's payment at the provider: a checkout's PaymentIntent, or the charge of a card (a saved card, auto-reload). */
const paymentIntentOf = (deposit: DepositRow) => deposit.paymentIntentId ?? deposit.providerReference;

/**
 * A user's credited card payments, newest first, each with what a refund may take now: every
 * deposit the provider charged, whether at checkout, on a saved card or by auto-reload.
 */
export async function listCardPayments(db: Db, userId: string): Promise<AdminCardPaymentList> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, 'succeeded'), isNotNull(deposits.providerReference)))
      .orderBy(desc(deposits.createdAt), desc(deposits.id));
    const walletCents = await getWalletBalanceCents(tx, userId);
    const pending = await pendingRefundsOf(tx, userId);
    const payments = rows.map((deposit) => ({
      depositId: deposit.id,
      amountCents: deposit.amountCents,
      createdAt: deposit.createdAt.toISOString(),
      refundedCents: deposit.refundedCents,
      pendingRefundCents: pending.byDeposit.get(deposit.id) ?? 0,
      refundableCents: isDisputed(deposit) ? 0 : refundableOf(deposit, pending, walletCents),
      disputeStatus: deposit.disputeStatus,
    }));
    return { payments };
  });
}

/**
 * An admin refunds part of a deposit to its card: at most what is still in the wallet from it (the
 * deposit less what was refunded or is being refunded, and no more than the wallet holds free at
 * this moment). The amount is held at once, in the transaction that records the refund, so nothing
 * spends it while the provider works (docs/decisions/058). The provider is asked with our refund's
 * id as idempotency key; the money leaves for the card only when the provider confirms
 * (charge.refunded, refundConfirmed below), never on this answer; a refusal gives the hold back.
 */
export async function refundDeposit(
  deps: { db: Db; payments: PaymentsProvider; clock: Clock },
  adminId: string,
  depositId: string,
  amountCents: number,
): Promise<DepositRefund> {
  const now = new Date(deps.clock.now());
  const { refund, paymentIntentId, userId } = await deps.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
    if (!deposit) throw notFound('Deposit not found');
    const paymentIntentId = paymentIntentOf(deposit);
    if (deposit.status !== 'succeeded' || !paymentIntentId)
      throw conflict('Only a card payment that was credited can be refunded');
    if (isDisputed(deposit)) throw conflict('This payment is disputed: the bank decides its refund');
    const wallet = walletAccountId(deposit.userId);
    const walletCents =
      (await lockAccounts(tx, [wallet, holdAccountId(deposit.userId), ...depositCreditAccounts(deposit.userId)])).get(
        wallet,
      ) ?? 0;
    // A bonus this deposit earned goes first: what is left of it is taken back (decision 066).
    await revokeDepositCredit(tx, deposit.id, now);
    const refundableCents = refundableOf(deposit, await pendingRefundsOf(tx, deposit.userId), walletCents);
    if (amountCents > refundableCents) {
      const message = `At most ${formatCents(refundableCents)} of this deposit can be refunded`;
      throw badRequest(message, { amountCents: message });
    }
    // A card charged before its deposit kept its PaymentIntent (a saved card's): charge.refunded finds the deposit by it.
    if (!deposit.paymentIntentId)
      await tx.update(deposits).set({ paymentIntentId, updatedAt: now }).where(eq(deposits.id, deposit.id));
    const [row] = await tx
      .insert(depositRefunds)
      .values({
        id: randomUUID(),
        depositId: deposit.id,
        amountCents,
        status: 'pending',
        requestedBy: adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await placeHold(tx, { userId: deposit.userId, amountCents, reference: cardRefundReference(row!.id) });
    return { refund: row!, paymentIntentId, userId: deposit.userId };
  });
  try {
    const { refundId } = await deps.payments.refundPayment({
      paymentIntentId,
      amountCents,
      idempotencyKey: `refund:${refund.id}`,
    });
    await deps.db
      .update(depositRefunds)
      .set({ providerRefundId: refundId, updatedAt: new Date(deps.clock.now()) })
      .where(eq(depositRefunds.id, refund.id));
  } catch (error) {
    // Unknown outcome: the refund stays pending and held (so nothing more is refundable meanwhile),
    // and charge.refunded settles it if the provider did refund. A refusal frees the amount again.
    if (error instanceof PaymentProviderUnavailableError) {
      throw new AppError(
        'PAYMENT_FAILED',
        'The payment service did not answer. The refund may still go through; check again shortly.',
        undefined,
        { refundId: refund.id, isRetryable: false },
      );
    }
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(depositRefunds)
        .set({ status: 'failed', updatedAt: new Date(deps.clock.now()) })
        .where(and(eq(depositRefunds.id, refund.id), eq(depositRefunds.status, 'pending')))
        .returning({ id: depositRefunds.id });
      if (failed)
        await releaseHold(tx, { userId, reference: cardRefundReference(refund.id), now: new Date(deps.clock.now()) });
    });
    throw error;
  }
  return { refundId: refund.id, depositId: refund.depositId, amountCents: refund.amountCents, status: 'pending' };
}

/**
 * charge.refunded: the provider confirms refunds of a deposit's payment. `amount_refunded` is the
 * charge's running total, so each event moves the part not moved before, keyed by that total, and
 * a replay or an older event moves nothing. The refunds of ours it covers give their holds back to
 * the wallet first, then the money goes back out by the card it came in on.
 */
export async function refundConfirmed(tx: Tx, charge: ChargeObject, effects: EventEffects): Promise<string> {
  if (!charge.payment_intent) return 'ignored: no payment intent';
  const [deposit] = await tx
    .select()
    .from(deposits)
    .where(eq(deposits.paymentIntentId, charge.payment_intent))
    .for('update');
  if (!deposit) return 'ignored: refund of no deposit of ours';
  const newCents = Math.min(charge.amount_refunded, deposit.amountCents) - deposit.refundedCents;
  if (newCents <= 0) return 'ignored: nothing new refunded';
  // Every account the moves below touch, locked up front in the ledger's order (docs/decisions/006).
  await lockAccounts(tx, [
    walletAccountId(deposit.userId),
    holdAccountId(deposit.userId),
    disputesAccountId(deposit.userId),
    SYSTEM_ACCOUNTS.external,
    ...depositCreditAccounts(deposit.userId),
  ]);
  await revokeDepositCredit(tx, deposit.id, effects.now);
  // The pending refunds this total covers, oldest first, are confirmed.
  const pending = await tx
    .select({ id: depositRefunds.id, amountCents: depositRefunds.amountCents })
    .from(depositRefunds)
    .where(and(eq(depositRefunds.depositId, deposit.id), eq(depositRefunds.status, 'pending')))
    .orderBy(depositRefunds.createdAt, depositRefunds.id);
  let coveredCents = newCents;
  const confirmed: string[] = [];
  for (const refund of pending) {
    if (refund.amountCents > coveredCents) break;
    coveredCents -= refund.amountCents;
    confirmed.push(refund.id);
  }
  for (const refundId of confirmed)
    await releaseHold(tx, { userId: deposit.userId, reference: cardRefundReference(refundId), now: effects.now });
  await takeBackToCard(tx, {
    userId: deposit.userId,
    amountCents: newCents,
    kind: 'card_refund',
    reference: depositTransferKey(deposit.id),
    idempotencyKey: `deposit:${deposit.id}:refunded:${deposit.refundedCents + newCents}`,
  });
  const refundedCents = deposit.refundedCents + newCents;
  await tx.update(deposits).set({ refundedCents, updatedAt: effects.now }).where(eq(deposits.id, deposit.id));
  if (confirmed.length > 0)
    await tx
      .update(depositRefunds)
      .set({ status: 'succeeded', updatedAt: effects.now })
      .where(inArray(depositRefunds.id, confirmed));
  effects.walletChanged(deposit.userId, await getWalletBalanceCents(tx, deposit.userId));
  return 'handled: refund moved';
}
