import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatCents } from '@shared/money';
import type { AdminCardPaymentList, DepositRefund } from '@shared/payments';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { depositRefunds, deposits } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { PaymentProviderUnavailableError, type PaymentsProvider } from '../../payments/provider';
import { depositTransferKey, getWalletBalanceCents, lockAccounts, takeBackToCard, walletAccountId } from '../wallet';
import type { EventEffects } from './event-effects';
import type { ChargeObject } from './stripe-objects';

type DepositRow = typeof deposits.$inferSelect;

/** Refunds asked of the provider and not yet confirmed or refused, by deposit, for one user's deposits. */
async function pendingRefundsByDeposit(tx: Tx, userId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ depositId: depositRefunds.depositId, cents: sql<string>`sum(${depositRefunds.amountCents})::text` })
    .from(depositRefunds)
    .innerJoin(deposits, eq(deposits.id, depositRefunds.depositId))
    .where(and(eq(deposits.userId, userId), eq(depositRefunds.status, 'pending')))
    .groupBy(depositRefunds.depositId);
  return new Map(rows.map((row) => [row.depositId, Number(row.cents)]));
}

/**
 * What one deposit's refund may take now: its unrefunded part (less its refunds under way), and no
 * more than the wallet will hold once every refund under way (of any of the user's deposits) has moved.
 */
function refundableOf(deposit: DepositRow, pending: Map<string, number>, walletCents: number) {
  const allPendingCents = [...pending.values()].reduce((sum, cents) => sum + cents, 0);
  return Math.max(0, Math.min(deposit.amountCents - deposit.refundedCents - (pending.get(deposit.id) ?? 0), walletCents - allPendingCents));
}


const isDisputed = (deposit: DepositRow) => deposit.disputeStatus === 'open' || deposit.disputeStatus === 'lost';

/** A user's credited card payments, newest first, each with what a refund may take now. */
export async function listCardPayments(db: Db, userId: string): Promise<AdminCardPaymentList> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, 'succeeded'), isNotNull(deposits.paymentIntentId)))
      .orderBy(desc(deposits.createdAt), desc(deposits.id));
    const walletCents = await getWalletBalanceCents(tx, userId);
    const pending = await pendingRefundsByDeposit(tx, userId);
    const payments = rows.map((deposit) => ({
      depositId: deposit.id,
      amountCents: deposit.amountCents,
      createdAt: deposit.createdAt.toISOString(),
      refundedCents: deposit.refundedCents,
      pendingRefundCents: pending.get(deposit.id) ?? 0,
      refundableCents: isDisputed(deposit) ? 0 : refundableOf(deposit, pending, walletCents),
      disputeStatus: deposit.disputeStatus,
    }));
    return { payments };
  });
}

/**
 * An admin refunds part of a deposit to its card: at most what is still in the wallet from it (the
 * deposit less what was refunded or is being refunded, and no more than the wallet holds). The
 * provider is asked with our refund's id as idempotency key; the ledger moves only when the
 * provider confirms (charge.refunded, refundConfirmed below), never on this answer.
 */
export async function refundDeposit(
  deps: { db: Db; payments: PaymentsProvider; clock: Clock },
  adminId: string,
  depositId: string,
  amountCents: number,
): Promise<DepositRefund> {
  const now = new Date(deps.clock.now());
  const { refund, paymentIntentId } = await deps.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
    if (!deposit) throw notFound('Deposit not found');
    if (deposit.status !== 'succeeded' || !deposit.paymentIntentId) throw conflict('Only a card payment that was credited can be refunded');
    if (isDisputed(deposit)) throw conflict('This payment is disputed: the bank decides its refund');
    const wallet = walletAccountId(deposit.userId);
    const walletCents = (await lockAccounts(tx, [wallet])).get(wallet) ?? 0;
    const refundableCents = refundableOf(deposit, await pendingRefundsByDeposit(tx, deposit.userId), walletCents);
    if (amountCents > refundableCents) {
      const message = `At most ${formatCents(refundableCents)} of this deposit can be refunded`;
      throw badRequest(message, { amountCents: message });
    }
    const [row] = await tx
      .insert(depositRefunds)
      .values({ id: randomUUID(), depositId: deposit.id, amountCents, status: 'pending', requestedBy: adminId, createdAt: now, updatedAt: now })
      .returning();
    return { refund: row!, paymentIntentId: deposit.paymentIntentId };
  });
  try {
    const { refundId } = await deps.payments.refundPayment({ paymentIntentId, amountCents, idempotencyKey: `refund:${refund.id}` });
    await deps.db.update(depositRefunds).set({ providerRefundId: refundId, updatedAt: new Date(deps.clock.now()) }).where(eq(depositRefunds.id, refund.id));
  } catch (error) {
    // Unknown outcome: the refund stays pending (so nothing more is refundable meanwhile), and
    // charge.refunded settles it if the provider did refund. A refusal frees the amount again.
    if (error instanceof PaymentProviderUnavailableError) {
      throw new AppError('PAYMENT_FAILED', 'The payment service did not answer. The refund may still go through; check again shortly.', undefined, { refundId: refund.id, isRetryable: false });
    }
    await deps.db.update(depositRefunds).set({ status: 'failed', updatedAt: new Date(deps.clock.now()) }).where(eq(depositRefunds.id, refund.id));
    throw error;
  }
  return { refundId: refund.id, depositId: refund.depositId, amountCents: refund.amountCents, status: 'pending' };
}

/**
 * charge.refunded: the provider confirms refunds of a deposit's payment. `amount_refunded` is the
 * charge's running total, so each event moves the part not moved before, keyed by that total, and
 * a replay or an older event moves nothing. The money goes back out by the card it came in on.
 */
export async function refundConfirmed(tx: Tx, charge: ChargeObject, effects: EventEffects): Promise<string> {
  if (!charge.payment_intent) return 'ignored: no payment intent';
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.paymentIntentId, charge.payment_intent)).for('update');
  if (!deposit) return 'ignored: refund of no deposit of ours';
  const newCents = Math.min(charge.amount_refunded, deposit.amountCents) - deposit.refundedCents;
  if (newCents <= 0) return 'ignored: nothing new refunded';
  await takeBackToCard(tx, {
    userId: deposit.userId,
    amountCents: newCents,
    kind: 'card_refund',
    reference: depositTransferKey(deposit.id),
    idempotencyKey: `deposit:${deposit.id}:refunded:${deposit.refundedCents + newCents}`,
  });
  const refundedCents = deposit.refundedCents + newCents;
  await tx.update(deposits).set({ refundedCents, updatedAt: effects.now }).where(eq(deposits.id, deposit.id));
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
  if (confirmed.length > 0) await tx.update(depositRefunds).set({ status: 'succeeded', updatedAt: effects.now }).where(inArray(depositRefunds.id, confirmed));
  effects.walletChanged(deposit.userId, await getWalletBalanceCents(tx, deposit.userId));
  return 'handled: refund moved';
}
