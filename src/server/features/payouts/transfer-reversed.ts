import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payouts } from '../../db/schema';
import { earningsAccountId, getWalletBalanceCents, SYSTEM_ACCOUNTS, transfer } from '../wallet';
import { payoutReference } from './payout-view';

interface TransferReversal {
  id: string;
  amount: number;
  amount_reversed?: number | null;
  metadata?: Record<string, string> | null;
}

interface Effects {
  readonly now: Date;
  walletChanged(userId: string, balanceCents: number): void;
}

/**
 * transfer.reversed: the money of a paid payout came back from the connected account. It returns
 * to the reader's earnings as a new transfer (external → earnings, keyed by the payout, so once),
 * and the payout is marked failed with the reason. Only a whole reversal is a failed payout; a
 * partial one is logged for an operator (it has no payout of ours to match).
 */
export async function handleTransferReversed(tx: Tx, reversal: TransferReversal, effects: Effects): Promise<string> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.transferId, reversal.id)).for('update');
  if (!payout) return 'ignored: transfer of no payout of ours';
  if (payout.status !== 'paid') return `ignored: payout is ${payout.status}`;
  const reversedCents = reversal.amount_reversed ?? reversal.amount;
  if (reversedCents !== payout.amountCents) return 'ignored: partial reversal';
  await transfer(tx, {
    debitAccountId: SYSTEM_ACCOUNTS.external,
    creditAccountId: earningsAccountId(payout.readerId),
    amountCents: payout.amountCents,
    kind: 'payout_reversal',
    reference: payoutReference(payout.id),
    idempotencyKey: `${payoutReference(payout.id)}:reversed`,
  });
  await tx
    .update(payouts)
    .set({
      status: 'failed',
      failureReason: 'The transfer to your payout account was reversed.',
      updatedAt: effects.now,
    })
    .where(eq(payouts.id, payout.id));
  effects.walletChanged(payout.readerId, await getWalletBalanceCents(tx, payout.readerId));
  return 'handled: payout returned to earnings';
}
