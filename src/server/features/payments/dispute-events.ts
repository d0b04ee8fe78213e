import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deposits } from '../../db/schema';
import {
  depositCreditAccounts,
  depositTransferKey,
  getWalletBalanceCents,
  lockAccounts,
  revokeDepositCredit,
  takeBackToCard,
} from '../wallet';
import type { EventEffects } from './event-effects';
import type { DisputeObject } from './stripe-objects';

async function disputedDeposit(tx: Tx, dispute: DisputeObject) {
  if (!dispute.payment_intent) return undefined;
  const [deposit] = await tx
    .select()
    .from(deposits)
    .where(eq(deposits.paymentIntentId, dispute.payment_intent))
    .for('update');
  return deposit;
}

/**
 * charge.dispute.created: the card holder's bank disputes a deposit's payment. The wallet it
 * credited is frozen (no new readings, gifts or orders: wallet-freeze.ts) until the dispute closes.
 */
export async function openDispute(tx: Tx, dispute: DisputeObject, effects: EventEffects): Promise<string> {
  const deposit = await disputedDeposit(tx, dispute);
  if (!deposit) return 'ignored: dispute of no deposit of ours';
  if (deposit.disputeStatus === 'lost') return 'ignored: dispute already lost';
  await tx
    .update(deposits)
    .set({ disputeId: dispute.id, disputeStatus: 'open', updatedAt: effects.now })
    .where(eq(deposits.id, deposit.id));
  // A bonus this deposit earned goes first: what is left of it is taken back (decision 066).
  await lockAccounts(tx, depositCreditAccounts(deposit.userId));
  await revokeDepositCredit(tx, deposit.id, effects.now);
  effects.walletChanged(deposit.userId, await getWalletBalanceCents(tx, deposit.userId));
  return 'handled: wallet frozen';
}

/**
 * charge.dispute.closed: won unfreezes; lost takes the disputed amount back through the ledger, from
 * the wallet as far as it holds it and the rest from the disputes: account (docs/decisions/039),
 * keyed by the dispute, so it is taken once.
 */
export async function closeDispute(tx: Tx, dispute: DisputeObject, effects: EventEffects): Promise<string> {
  const deposit = await disputedDeposit(tx, dispute);
  if (!deposit) return 'ignored: dispute of no deposit of ours';
  if (deposit.disputeStatus === 'lost') return 'ignored: dispute already lost';
  const isLost = dispute.status === 'lost';
  if (isLost) {
    await takeBackToCard(tx, {
      userId: deposit.userId,
      amountCents: dispute.amount,
      kind: 'chargeback',
      reference: depositTransferKey(deposit.id),
      idempotencyKey: `dispute:${dispute.id}:lost`,
    });
  }
  await tx
    .update(deposits)
    .set({ disputeId: dispute.id, disputeStatus: isLost ? 'lost' : 'won', updatedAt: effects.now })
    .where(eq(deposits.id, deposit.id));
  effects.walletChanged(deposit.userId, await getWalletBalanceCents(tx, deposit.userId));
  return isLost ? 'handled: dispute lost, debited' : 'handled: dispute won, unfrozen';
}
