import { and, eq } from 'drizzle-orm';
import { WALLET_FROZEN_MESSAGE } from '@shared/payments';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema';
import { AppError } from '../../errors';
import { assertNotOnBreak } from './account-break';

/**
 * A wallet is frozen while a chargeback on one of its deposits is open (charge.dispute.created,
 * docs/decisions/039): the money may be taken back, so it pays for nothing new (readings, queue
 * places, gifts, stream joins, orders) until the bank decides. A reading already running goes on.
 */
export async function walletFrozenReason(db: DbOrTx, userId: string): Promise<string | null> {
  const [open] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.disputeStatus, 'open')))
    .limit(1);
  return open ? WALLET_FROZEN_MESSAGE : null;
}

/**
 * Whether the wallet may pay for something new now: not frozen by a chargeback, and its owner not on a break they took
 * (decision 066).
 */
export async function assertWalletMaySpend(db: DbOrTx, userId: string, now: Date) {
  const reason = await walletFrozenReason(db, userId);
  if (reason) throw new AppError('WALLET_FROZEN', reason);
  await assertNotOnBreak(db, userId, now);
}
