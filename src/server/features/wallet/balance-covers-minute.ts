import { formatCents } from '@shared/money';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { getSpendableCents } from './credit';
import { assertWalletMaySpend } from './wallet-freeze';

/** A request (and a place in a queue) needs a wallet not frozen, with cash and credit that pay the first minute at `rateCents`. */
export async function assertBalanceCoversMinute(db: DbOrTx, clientId: string, rateCents: number, now: Date) {
  await assertWalletMaySpend(db, clientId, now);
  const balance = await getSpendableCents(db, clientId, now);
  if (balance < rateCents) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `Your balance of ${formatCents(balance)} does not cover one minute at ${formatCents(rateCents)}. Please add funds.`,
    );
  }
}
