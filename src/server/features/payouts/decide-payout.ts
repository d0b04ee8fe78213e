import { and, eq, isNull } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { PayoutDecisionInput, PayoutResult } from '@shared/wallet';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ledgerTransfers, payoutAccounts, payouts } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentsProvider,
} from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { getUserBalances, SYSTEM_ACCOUNTS, transfer } from '../wallet';
import { findPayout, payoutReference } from './payout-view';

export interface DecidePayoutDeps {
  db: Db;
  realtime: Realtime;
  clock: Clock;
  payments: PaymentsProvider;
}

/**
 * An admin (or the payout schedule, adminId null) settles a pending payout. 'rejected' returns the
 * money to the account it came from (the reader's earnings; for a payout requested before migration
 * 0005, their wallet, since it may have been a deposit). 'paid' sends it to the reader's connected
 * account as a provider Transfer whose idempotency key is the payout's id, and the payout is paid
 * (payouts:pending → external) only once the provider says the transfer exists (DESIGN.md 'Money').
 *
 * The approval claims the payout (transfer_started_at) before the network call and holds no
 * transaction across it (docs/decisions/005): a rejection can no longer race the transfer, and an
 * approval retried after a lost answer asks again under the same key, which makes no second transfer.
 */
export async function decidePayout(
  deps: DecidePayoutDeps,
  adminId: string | null,
  payoutId: string,
  input: PayoutDecisionInput,
): Promise<PayoutResult> {
  const readerId =
    input.decision === 'paid' ? await sendPayout(deps, adminId, payoutId) : await rejectPayout(deps, adminId, payoutId);
  const { availableCents, walletCents } = await getUserBalances(deps.db, readerId);
  // Sent whatever moved: the reader's screens refresh the payout's status and their earnings.
  deps.realtime.toUser(readerId, SERVER_EVENTS.walletUpdated, { balanceCents: walletCents });
  return { payout: await findPayout(deps.db, payoutId), availableCents };
}

async function pendingPayout(deps: DecidePayoutDeps, payoutId: string) {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw notFound('Payout not found');
  if (payout.status !== 'pending') throw conflict(`This payout was already marked ${payout.status}`);
  return payout;
}

async function rejectPayout(deps: DecidePayoutDeps, adminId: string | null, payoutId: string): Promise<string> {
  await pendingPayout(deps, payoutId);
  return deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (payout?.status !== 'pending') throw conflict(`This payout was already marked ${payout?.status ?? 'decided'}`);
    if (payout.transferStartedAt) throw conflict('This payout is being sent to the reader’s payout account');
    const [requested] = await tx
      .select({ accountId: ledgerTransfers.debitAccountId })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `${payoutReference(payout.id)}:request`));
    if (!requested) throw new Error(`payout ${payout.id} has no request transfer`);
    await transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.payoutsPending,
      creditAccountId: requested.accountId,
      amountCents: payout.amountCents,
      kind: 'payout_reversal',
      reference: payoutReference(payout.id),
      idempotencyKey: `${payoutReference(payout.id)}:rejected`,
    });
    const now = new Date(deps.clock.now());
    await tx
      .update(payouts)
      .set({ status: 'rejected', decidedBy: adminId, decidedAt: now, updatedAt: now, decisionMailDue: true })
      .where(eq(payouts.id, payout.id));
    return payout.readerId;
  });
}

async function sendPayout(deps: DecidePayoutDeps, adminId: string | null, payoutId: string): Promise<string> {
  const payout = await pendingPayout(deps, payoutId);
  const [account] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, payout.readerId));
  if (account?.status !== 'enabled') throw conflict('The reader has no enabled payout account yet');
  const [claimed] = await deps.db
    .update(payouts)
    .set({ transferStartedAt: payout.transferStartedAt ?? new Date(deps.clock.now()) })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  if (!claimed) throw conflict('This payout was already decided');

  let transferId: string;
  try {
    ({ transferId } = await deps.payments.createTransfer({
      amountCents: payout.amountCents,
      destinationAccountId: account.accountId,
      idempotencyKey: payout.id,
      payoutId: payout.id,
    }));
  } catch (error) {
    if (error instanceof PaymentProviderRefusedError) {
      // Nothing was sent: the payout is free to be rejected, or approved again once the account is fixed.
      await deps.db
        .update(payouts)
        .set({ transferStartedAt: null })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending'), isNull(payouts.transferId)));
      throw conflict(`The payment service refused the transfer: ${error.message}`);
    }
    if (error instanceof PaymentProviderUnavailableError) {
      throw new AppError(
        'PAYMENT_FAILED',
        'The payment service did not answer. Approve the payout again: it cannot be sent twice.',
        undefined,
        { isRetryable: true },
      );
    }
    throw error;
  }

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payouts).where(eq(payouts.id, payout.id)).for('update');
    if (locked?.status !== 'pending') throw conflict(`This payout was already marked ${locked?.status ?? 'decided'}`);
    await transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.payoutsPending,
      creditAccountId: SYSTEM_ACCOUNTS.external,
      amountCents: locked.amountCents,
      kind: 'payout',
      reference: payoutReference(locked.id),
      idempotencyKey: `${payoutReference(locked.id)}:paid`,
    });
    const now = new Date(deps.clock.now());
    await tx
      .update(payouts)
      .set({ status: 'paid', transferId, decidedBy: adminId, decidedAt: now, updatedAt: now, decisionMailDue: true })
      .where(eq(payouts.id, locked.id));
    return locked.readerId;
  });
}
