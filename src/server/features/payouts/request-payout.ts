import { randomUUID } from 'node:crypto';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import { PAYOUT_MINIMUM_MESSAGE, type PayoutResult, type RequestPayoutInput } from '@shared/wallet';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import { lockAccounts, SYSTEM_ACCOUNTS, transfer, walletAccountId } from '../wallet/ledger';
import { findPayout, payoutReference } from './payout-view';

/**
 * Moves a reader's earnings (the whole balance, or the amount asked for) into payouts:pending,
 * where they wait for an admin. The wallet row is locked before the balance is read, so two
 * requests at once cannot both pay out the same money.
 */
export async function requestPayout(deps: { db: Db; realtime: Realtime }, readerId: string, input: RequestPayoutInput): Promise<PayoutResult> {
  const wallet = walletAccountId(readerId);
  const { payoutId, balanceCents } = await deps.db.transaction(async (tx) => {
    const balance = (await lockAccounts(tx, [wallet])).get(wallet) ?? 0;
    const amountCents = input.amountCents ?? balance;
    if (amountCents < PAYOUT_MIN_CENTS) {
      const message = input.amountCents === undefined ? `Your balance of ${formatCents(balance)} is below the minimum payout of ${formatCents(PAYOUT_MIN_CENTS)}` : PAYOUT_MINIMUM_MESSAGE;
      throw badRequest(message, { amountCents: message });
    }
    if (amountCents > balance) {
      throw new AppError('INSUFFICIENT_FUNDS', `You can pay out at most ${formatCents(balance)}`, { amountCents: `At most ${formatCents(balance)}` });
    }
    const id = randomUUID();
    await tx.insert(payouts).values({ id, readerId, amountCents, status: 'pending' });
    await transfer(tx, {
      debitAccountId: wallet,
      creditAccountId: SYSTEM_ACCOUNTS.payoutsPending,
      amountCents,
      kind: 'payout',
      reference: payoutReference(id),
      idempotencyKey: `${payoutReference(id)}:request`,
    });
    return { payoutId: id, balanceCents: balance - amountCents };
  });
  deps.realtime.toUser(readerId, SERVER_EVENTS.walletUpdated, { balanceCents });
  return { payout: await findPayout(deps.db, payoutId), balanceCents };
}
