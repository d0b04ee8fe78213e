import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '@shared/errors';
import { PAYOUT_ACCOUNT_REQUIRED_MESSAGE, type PayoutResult, type RequestPayoutInput } from '@shared/wallet';
import type { Db, Tx } from '../../db/client';
import { payoutAccounts, payouts, user } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import { earningsAccountId, getWalletBalanceCents, lockAccounts, SYSTEM_ACCOUNTS, transfer } from '../wallet';
import { findPayout, payoutReference } from './payout-view';

/**
 * Moves a reader's available earnings (all of them, or the amount asked for) into payouts:pending,
 * where they wait for an admin. Only the earnings account pays out: shares of readings that can
 * still be refunded wait in escrow, and deposits stay in the wallet (DESIGN.md 'Money'). The
 * earnings row is locked before its balance is read, so two requests at once cannot both pay out
 * the same money.
 */
export async function requestPayout(
  deps: { db: Db; realtime: Realtime; payoutMinimumCents?: number },
  readerId: string,
  input: RequestPayoutInput,
): Promise<PayoutResult> {
  const earnings = earningsAccountId(readerId);
  const minimumCents = deps.payoutMinimumCents ?? PAYOUT_MIN_CENTS;
  const { payoutId, availableCents, walletCents } = await deps.db.transaction(async (tx) => {
    await assertMayPayOut(tx, readerId);
    const available = (await lockAccounts(tx, [earnings])).get(earnings) ?? 0;
    const amountCents = input.amountCents ?? available;
    if (amountCents < minimumCents) {
      const message =
        input.amountCents === undefined
          ? `Your available earnings of ${formatCents(available)} are below the minimum payout of ${formatCents(minimumCents)}`
          : `The minimum payout is ${formatCents(minimumCents)}`;
      throw badRequest(message, { amountCents: message });
    }
    if (amountCents > available) {
      throw new AppError('INSUFFICIENT_FUNDS', `You can pay out at most ${formatCents(available)}`, {
        amountCents: `At most ${formatCents(available)}`,
      });
    }
    const id = randomUUID();
    await tx.insert(payouts).values({ id, readerId, amountCents, status: 'pending' });
    await transfer(tx, {
      debitAccountId: earnings,
      creditAccountId: SYSTEM_ACCOUNTS.payoutsPending,
      amountCents,
      kind: 'payout',
      reference: payoutReference(id),
      idempotencyKey: `${payoutReference(id)}:request`,
    });
    return {
      payoutId: id,
      availableCents: available - amountCents,
      walletCents: await getWalletBalanceCents(tx, readerId),
    };
  });
  // The wallet is unchanged; the event tells the reader's screens to fetch their earnings again.
  deps.realtime.toUser(readerId, SERVER_EVENTS.walletUpdated, { balanceCents: walletCents });
  return { payout: await findPayout(deps.db, payoutId), availableCents };
}

/**
 * A payout goes to an enabled payout account (decision 039: a Stripe Connect account whose payouts are
 * on), and a first payout only to a verified email (decision 028): the address we would write to about money.
 */
async function assertMayPayOut(tx: Tx, readerId: string) {
  const [account] = await tx
    .select({ status: payoutAccounts.status })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, readerId));
  if (account?.status !== 'enabled') throw new AppError('PAYOUT_ACCOUNT_REQUIRED', PAYOUT_ACCOUNT_REQUIRED_MESSAGE);
  const [owner] = await tx.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, readerId));
  if (owner?.emailVerified) return;
  const [earlier] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.readerId, readerId)).limit(1);
  if (!earlier) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
}
