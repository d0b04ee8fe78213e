import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { PayoutDecisionInput, PayoutResult } from '@shared/wallet';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ledgerTransfers, payouts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import { getUserBalances, SYSTEM_ACCOUNTS, transfer } from '../wallet';
import { findPayout, payoutReference } from './payout-view';

/**
 * An admin settles a pending payout: 'paid' sends the money out (payouts:pending → external),
 * 'rejected' returns it to the account it came from (the reader's earnings; for a payout requested
 * before migration 0005, their wallet, since it may have been a deposit). The payout row is locked
 * first, so two decisions at once are one decision and a 409.
 */
export async function decidePayout(
  deps: { db: Db; realtime: Realtime; clock: Clock },
  adminId: string,
  payoutId: string,
  input: PayoutDecisionInput,
): Promise<PayoutResult> {
  const { readerId, availableCents, walletCents } = await deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw notFound('Payout not found');
    if (payout.status !== 'pending') throw conflict(`This payout was already marked ${payout.status}`);
    const isPaid = input.decision === 'paid';
    const [requested] = await tx
      .select({ accountId: ledgerTransfers.debitAccountId })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `${payoutReference(payout.id)}:request`));
    if (!requested) throw new Error(`payout ${payout.id} has no request transfer`);
    await transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.payoutsPending,
      creditAccountId: isPaid ? SYSTEM_ACCOUNTS.external : requested.accountId,
      amountCents: payout.amountCents,
      kind: isPaid ? 'payout' : 'payout_reversal',
      reference: payoutReference(payout.id),
      idempotencyKey: `${payoutReference(payout.id)}:${input.decision}`,
    });
    const now = new Date(deps.clock.now());
    await tx.update(payouts).set({ status: input.decision, decidedBy: adminId, decidedAt: now, updatedAt: now, decisionMailDue: true }).where(eq(payouts.id, payout.id));
    const { availableCents, walletCents } = await getUserBalances(tx, payout.readerId);
    return { readerId: payout.readerId, availableCents, walletCents };
  });
  // Sent whatever moved: the reader's screens refresh the payout's status and their earnings.
  deps.realtime.toUser(readerId, SERVER_EVENTS.walletUpdated, { balanceCents: walletCents });
  return { payout: await findPayout(deps.db, payoutId), availableCents };
}
